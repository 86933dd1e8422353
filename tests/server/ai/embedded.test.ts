// @vitest-environment node
import { describe, expect, it } from "vitest";
import { DOMAIN_WORDS } from "../../../server/ai/domains";
import { generateEmbedded } from "../../../server/ai/embedded";
import { PART_WORDS } from "../../../server/ai/lexicon";
import { BLUEPRINTS } from "../../../server/templates/catalog";
import { validateModel, type SchemaModel } from "../../../src/domain/model";

function tables(model: SchemaModel) {
  return model.objectTypes.map((objectType) => objectType.name);
}

/** "Parent→Child" for every has-many connection. */
function relations(model: SchemaModel) {
  const names = new Map(model.objectTypes.map((objectType) => [objectType.id, objectType.name]));
  return model.objectTypes.flatMap((objectType) =>
    objectType.targets.map((target) => `${objectType.name}→${names.get(target.targetId)}`),
  );
}

const cases: { prompt: string; tables: string[]; relations: string[]; not?: string[] }[] = [
  {
    prompt: "Ich brauche ein CRM mit Kunden, Kontakten und Angeboten",
    tables: ["Customer", "Contact", "Offer"],
    relations: ["Customer→Contact", "Customer→Offer"],
  },
  {
    prompt: "a blog with posts, authors and comments",
    tables: ["Post", "Author", "Comment"],
    relations: ["Author→Post", "Post→Comment"],
  },
  {
    prompt: "Ein Online-Shop mit Produkten, Kategorien, Bestellungen und Kunden",
    tables: ["Product", "Category", "Order", "OrderItem", "Customer"],
    relations: ["Category→Product", "Customer→Order", "Order→OrderItem", "Product→OrderItem"],
  },
  {
    prompt: "An app for events with venues, speakers, talks and tickets",
    tables: ["Event", "Venue", "Speaker", "Session", "Ticket"],
    relations: ["Venue→Event", "Event→Ticket", "Event→Session", "Speaker→Session"],
  },
  {
    prompt: "Rezepte mit Zutaten und Zubereitungsschritten",
    tables: ["Recipe", "Ingredient", "Step"],
    relations: ["Recipe→Ingredient", "Recipe→Step"],
    not: ["Prescription"],
  },
  {
    prompt: "Aufgabenverwaltung für Projekte mit Meilensteinen und Mitarbeitern",
    tables: ["Task", "Project", "Milestone", "Employee"],
    relations: ["Project→Task", "Project→Milestone", "Employee→Task"],
  },
  {
    prompt: "track tasks and time entries for my projects",
    tables: ["Task", "TimeEntry", "Project"],
    relations: ["Project→Task", "Project→TimeEntry"],
  },
  {
    prompt: "school app with students, teachers, classes and grades",
    tables: ["Student", "Teacher", "SchoolClass", "Grade"],
    relations: ["Teacher→SchoolClass", "SchoolClass→Student", "Student→Grade"],
  },
  {
    prompt: "Fitnessstudio mit Mitgliedern, Trainern, Kursen und Check-ins",
    tables: ["Member", "Trainer", "Course", "CheckIn"],
    relations: ["Trainer→Course", "Member→CheckIn"],
  },
  {
    prompt: "a gym where members can book classes",
    tables: ["Member", "Course", "Booking"],
    relations: ["Member→Booking", "Course→Booking"],
    not: ["Book", "SchoolClass"],
  },
  {
    prompt: "a library to manage books, authors and loans by members",
    tables: ["Book", "Author", "Loan", "Member"],
    relations: ["Author→Book", "Book→Loan", "Member→Loan"],
  },
  {
    prompt: "Immobilienverwaltung mit Wohnungen, Mietern, Mietverträgen und Besichtigungen",
    tables: ["Property", "Tenant", "Lease", "Viewing"],
    relations: ["Property→Lease", "Tenant→Lease", "Property→Viewing"],
  },
  {
    prompt: "inventory with products, suppliers and warehouses",
    tables: ["Product", "Supplier", "Warehouse", "StockItem"],
    relations: ["Supplier→Product", "Product→StockItem", "Warehouse→StockItem"],
  },
  {
    prompt: "Verein mit Mitgliedern, Mitgliedsbeiträgen und Veranstaltungen",
    tables: ["Member", "Fee", "Event"],
    relations: ["Member→Fee"],
    not: ["Post"],
  },
  {
    prompt: "Arztpraxis mit Patienten, Terminen und Rezepten",
    tables: ["Patient", "Appointment", "Prescription"],
    relations: ["Patient→Appointment", "Patient→Prescription"],
    not: ["Recipe"],
  },
  {
    prompt: "Helpdesk with tickets from customers and comments",
    tables: ["Issue", "Customer", "Comment"],
    relations: ["Customer→Issue", "Issue→Comment"],
    not: ["Ticket"],
  },
  {
    prompt: "Hotel mit Zimmern, Gästen und Buchungen",
    tables: ["Hotel", "Room", "Guest", "Booking"],
    relations: ["Hotel→Room", "Room→Booking", "Guest→Booking"],
  },
  {
    prompt: "Sportverein mit Mannschaften, Spielern und Spielen",
    tables: ["Team", "Player", "Match"],
    relations: ["Team→Player", "Team→Match"],
  },
  {
    prompt: "Umfrage mit Fragen und Antworten",
    tables: ["Survey", "Question", "Answer"],
    relations: ["Survey→Question", "Question→Answer"],
  },
  {
    prompt: "Recruiting: Stellenanzeigen, Bewerber und Bewerbungen",
    tables: ["JobPosting", "Applicant", "Application"],
    relations: ["JobPosting→Application", "Applicant→Application"],
  },
  {
    prompt: "fleet management with vehicles, drivers and trips",
    tables: ["Vehicle", "Driver", "Trip"],
    relations: ["Vehicle→Trip", "Driver→Trip"],
  },
  {
    prompt: "Termine mit Kunden pro Tag",
    tables: ["Appointment", "Customer"],
    relations: ["Customer→Appointment"],
    not: ["Tag"],
  },
];

describe("embedded schema generator", () => {
  it.each(cases)("understands '$prompt'", ({ prompt, tables: expected, relations: connected, not = [] }) => {
    const model = generateEmbedded(prompt);
    expect(model).not.toBeNull();
    expect(validateModel(model!)).toBeNull();
    expect(tables(model!)).toEqual(expect.arrayContaining(expected));
    expect(relations(model!)).toEqual(expect.arrayContaining(connected));
    for (const name of not) expect(tables(model!)).not.toContain(name);
  });

  it("starts from the template when a prompt names a domain", () => {
    expect(tables(generateEmbedded("Wir brauchen einen Webshop")!)).toEqual(
      expect.arrayContaining(["Product", "Order", "OrderItem", "Customer", "Payment"]),
    );
    expect(tables(generateEmbedded("Blog")!)).toEqual(expect.arrayContaining(["Post", "Author", "Comment"]));
  });

  it("only names what the prompt asks for when no domain is named", () => {
    expect(tables(generateEmbedded("customers and invoices")!)).toEqual(["Customer", "Invoice"]);
  });

  it("gives every table the three read-only fields and 6-character ids", () => {
    const model = generateEmbedded("Ein Onlineshop mit Produkten und Bewertungen")!;
    for (const objectType of model.objectTypes) {
      expect(objectType.id).toMatch(/^[a-z0-9]{6}$/);
      expect(objectType.fields.slice(0, 3).map((field) => [field.name, field.readonly])).toEqual([
        ["id", true],
        ["createdAt", true],
        ["updatedAt", true],
      ]);
    }
  });

  it("types the usual fields", () => {
    const model = generateEmbedded("Kunden mit Angeboten")!;
    const fields = (table: string) =>
      Object.fromEntries(model.objectTypes.find((o) => o.name === table)!.fields.map((field) => [field.name, field.type]));
    expect(fields("Customer")).toMatchObject({ name: "String", email: "Email", phone: "Phone" });
    expect(fields("Offer")).toMatchObject({ title: "String", amount: "Float", validUntil: "Date", status: "Enum" });
    expect(model.enumTypes.map((enumType) => enumType.name)).toContain("OfferStatus");
  });

  it.each(["asdf qwer", "Hallo", "", "   ", "1234 !!!", "the and with for"])("finds nothing in %j", (prompt) => {
    expect(generateEmbedded(prompt)).toBeNull();
  });

  it("finds each part by each of its words, in a German or an English phrase", () => {
    const missed = Object.entries(PART_WORDS).flatMap(([part, byLanguage]) =>
      (["en", "de"] as const).flatMap((language) =>
        byLanguage[language]
          .filter((word) => !word.startsWith("~"))
          .map((word) => (language === "en" ? `with ${word}` : `mit ${word}`))
          .filter((prompt) => !tables(generateEmbedded(prompt)!).includes(part)),
      ),
    );
    expect(missed).toEqual([]);
  });

  it("reaches every template through its domain words", () => {
    expect(Object.keys(DOMAIN_WORDS).sort()).toEqual(BLUEPRINTS.map((blueprint) => blueprint.key).sort());
    for (const blueprint of BLUEPRINTS) {
      for (const word of DOMAIN_WORDS[blueprint.key]) {
        expect(tables(generateEmbedded(word)!), word).toEqual(expect.arrayContaining([...blueprint.parts]));
      }
    }
  });

  it("answers the same prompt the same way", () => {
    const prompt = "Ich brauche ein CRM mit Kunden, Kontakten und Angeboten";
    expect(generateEmbedded(prompt)).toEqual(generateEmbedded(prompt));
  });
});

describe("every thing a prompt lists becomes a table", () => {
  it("names unknown things in the singular, keeps known ones, and ignores what only describes the app", () => {
    const model = generateEmbedded("an app for my dog-walking business with dogs, owners and walks")!;
    expect(tables(model).sort()).toEqual(["Dog", "Owner", "Walk"]);
    expect(validateModel(model)).toBeNull();
  });

  it("does the same in German", () => {
    const model = generateEmbedded("Eine App für meinen Gassi-Service mit Hunden, Besitzern und Spaziergängen")!;
    expect(tables(model).sort()).toEqual(["Besitzer", "Hund", "Spaziergang"]);
  });

  it("singularises English plurals", () => {
    const model = generateEmbedded("a tracker with boxes, puppies and walks")!;
    expect(tables(model).sort()).toEqual(["Box", "Puppy", "Walk"]);
  });
});
