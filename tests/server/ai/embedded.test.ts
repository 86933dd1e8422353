// @vitest-environment node
// Opens no PostgreSQL database: the postgres project skips it (vitest.config.ts).
import { describe, expect, it } from "vitest";
import { DOMAIN_WORDS } from "../../../server/ai/domains";
import { generateEmbedded } from "../../../server/ai/embedded";
import { PART_WORDS } from "../../../server/ai/lexicon";
import { germanPartName } from "../../../server/ai/partNames";
import { pascalName } from "../../../server/ai/singular";
import { guessLanguage } from "../../../server/ai/text";
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
    tables: ["Kunde", "Kontakt", "Angebot"],
    relations: ["Kunde→Kontakt", "Kunde→Angebot"],
  },
  {
    prompt: "a blog with posts, authors and comments",
    tables: ["Post", "Author", "Comment"],
    relations: ["Author→Post", "Post→Comment"],
  },
  {
    prompt: "Ein Online-Shop mit Produkten, Kategorien, Bestellungen und Kunden",
    tables: ["Produkt", "Kategorie", "Bestellung", "Bestellposition", "Kunde"],
    relations: ["Kategorie→Produkt", "Kunde→Bestellung", "Bestellung→Bestellposition", "Produkt→Bestellposition"],
  },
  {
    prompt: "An app for events with venues, speakers, talks and tickets",
    tables: ["Event", "Venue", "Speaker", "Session", "Ticket"],
    relations: ["Venue→Event", "Event→Ticket", "Event→Session", "Speaker→Session"],
  },
  {
    prompt: "Rezepte mit Zutaten und Zubereitungsschritten",
    tables: ["Rezept", "Zutat", "Zubereitungsschritt"],
    relations: ["Rezept→Zutat", "Rezept→Zubereitungsschritt"],
    not: ["Verordnung"],
  },
  {
    prompt: "Aufgabenverwaltung für Projekte mit Meilensteinen und Mitarbeitern",
    tables: ["Aufgabe", "Projekt", "Meilenstein", "Mitarbeiter"],
    relations: ["Projekt→Aufgabe", "Projekt→Meilenstein", "Mitarbeiter→Aufgabe"],
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
    tables: ["Mitglied", "Trainer", "Kurs", "CheckIn"],
    relations: ["Trainer→Kurs", "Mitglied→CheckIn"],
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
    tables: ["Wohnung", "Mieter", "Mietvertrag", "Besichtigung"],
    relations: ["Wohnung→Mietvertrag", "Mieter→Mietvertrag", "Wohnung→Besichtigung"],
  },
  {
    prompt: "inventory with products, suppliers and warehouses",
    tables: ["Product", "Supplier", "Warehouse", "StockItem"],
    relations: ["Supplier→Product", "Product→StockItem", "Warehouse→StockItem"],
  },
  {
    prompt: "Verein mit Mitgliedern, Mitgliedsbeiträgen und Veranstaltungen",
    tables: ["Mitglied", "Mitgliedsbeitrag", "Veranstaltung"],
    relations: ["Mitglied→Mitgliedsbeitrag"],
    not: ["Beitrag"],
  },
  {
    prompt: "Arztpraxis mit Patienten, Terminen und Rezepten",
    tables: ["Patient", "Termin", "Rezept"],
    relations: ["Patient→Termin", "Patient→Rezept"],
    not: ["Zutat"],
  },
  {
    prompt: "Helpdesk with tickets from customers and comments",
    tables: ["Issue", "Customer", "Comment"],
    relations: ["Customer→Issue", "Issue→Comment"],
    not: ["Ticket"],
  },
  {
    prompt: "Hotel mit Zimmern, Gästen und Buchungen",
    tables: ["Hotel", "Zimmer", "Gast", "Buchung"],
    relations: ["Hotel→Zimmer", "Zimmer→Buchung", "Gast→Buchung"],
  },
  {
    prompt: "Sportverein mit Mannschaften, Spielern und Spielen",
    tables: ["Mannschaft", "Spieler", "Spiel"],
    relations: ["Mannschaft→Spieler", "Mannschaft→Spiel"],
  },
  {
    prompt: "Umfrage mit Fragen und Antworten",
    tables: ["Umfrage", "Frage", "Antwort"],
    relations: ["Umfrage→Frage", "Frage→Antwort"],
  },
  {
    prompt: "Recruiting: Stellenanzeigen, Bewerber und Bewerbungen",
    tables: ["Stellenanzeige", "Bewerber", "Bewerbung"],
    relations: ["Stellenanzeige→Bewerbung", "Bewerber→Bewerbung"],
  },
  {
    prompt: "fleet management with vehicles, drivers and trips",
    tables: ["Vehicle", "Driver", "Trip"],
    relations: ["Vehicle→Trip", "Driver→Trip"],
  },
  {
    prompt: "Termine mit Kunden pro Tag",
    tables: ["Termin", "Kunde"],
    relations: ["Kunde→Termin"],
    not: ["Tag", "Schlagwort"],
  },
  // The prompts of the dog-walking report: every noun a table, connected as the sentence says.
  {
    prompt: "A dog-walking business: walkers, dogs, their owners and the walks",
    tables: ["Walker", "Dog", "DogOwner", "Walk"],
    relations: ["DogOwner→Dog", "Dog→Walk", "Walker→Walk"],
    not: ["Company"],
  },
  {
    prompt: "A dog-walking business with walkers, dogs, their owners and the walks",
    tables: ["Walker", "Dog", "DogOwner", "Walk"],
    relations: ["DogOwner→Dog", "Dog→Walk", "Walker→Walk"],
    not: ["Company"],
  },
  {
    prompt: "Ein Gassi-Service: Hundeausführer, Hunde, ihre Besitzer und die Spaziergänge",
    tables: ["Hundeausfuehrer", "Hund", "Besitzer", "Spaziergang"],
    relations: ["Besitzer→Hund", "Hund→Spaziergang", "Hundeausfuehrer→Spaziergang"],
  },
  {
    prompt: "the walks of a dog and the dogs of an owner",
    tables: ["Walk", "Dog", "DogOwner"],
    relations: ["Dog→Walk", "DogOwner→Dog"],
  },
  {
    prompt: "customers and their orders",
    tables: ["Customer", "Order"],
    relations: ["Customer→Order"],
  },
  {
    prompt: "Kunden und ihre Bestellungen",
    tables: ["Kunde", "Bestellung"],
    relations: ["Kunde→Bestellung"],
  },
  {
    prompt: "a garden planner with beds, plants and harvests",
    tables: ["Bed", "Plant", "Harvest"],
    relations: ["Bed→Plant", "Plant→Harvest"],
    not: ["Planner"],
  },
  {
    prompt: "Ein Tierheim mit Katzen, Hunden und Impfungen",
    tables: ["Tierheim", "Katze", "Hund", "Impfung"],
    relations: ["Tierheim→Katze", "Tierheim→Hund", "Katze→Impfung"],
  },
  {
    prompt: "my wine cellar with wines, wineries and tastings",
    tables: ["Wine", "Winery", "Tasting"],
    relations: ["Winery→Wine", "Wine→Tasting"],
  },
  {
    prompt: "Eine Reinigungsfirma: Reinigungskräfte, Haushalte und Einsätze",
    tables: ["Reinigungskraft", "Haushalt", "Einsatz"],
    relations: ["Reinigungskraft→Einsatz", "Haushalt→Einsatz"],
    not: ["Reinigungsfirma", "Firma"],
  },
  {
    prompt: "Fahrräder von Besitzern mit Wartungen",
    tables: ["Fahrrad", "Besitzer", "Wartung"],
    relations: ["Besitzer→Fahrrad"],
  },
  {
    prompt: "Eltern und ihre Kinder für die Kita",
    tables: ["Eltern", "Kind", "Kita"],
    relations: ["Eltern→Kind", "Kita→Kind"],
  },
  {
    prompt: "a photo studio: photographers, customers and shoots",
    tables: ["Photographer", "Customer", "Shoot"],
    relations: ["Photographer→Shoot", "Customer→Shoot"],
    not: ["Image", "Studio"],
  },
  {
    prompt: "Meine Gewohnheiten und Ziele mit Einträgen",
    tables: ["Gewohnheit", "Ziel", "Eintrag"],
    relations: ["Ziel→Eintrag"],
  },
  {
    prompt: "a movie database with movies, directors and actors",
    tables: ["Movie", "Director", "Actor"],
    relations: ["Director→Movie"],
  },
  {
    prompt: "Hochzeitsplanung mit Gästen, Tischen und Geschenken",
    tables: ["Gast", "Tisch", "Geschenk"],
    relations: [],
  },
  {
    prompt: "Rezeptverwaltung mit Zutaten",
    tables: ["Rezept", "Zutat"],
    relations: ["Rezept→Zutat"],
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

  it("has a table of 30 or more prompts, English and German", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(cases.filter(({ prompt }) => guessLanguage(prompt) === "de").length).toBeGreaterThanOrEqual(12);
  });

  it("starts from the template when a prompt names a domain", () => {
    expect(tables(generateEmbedded("Wir brauchen einen Webshop")!)).toEqual(
      expect.arrayContaining(["Produkt", "Bestellung", "Bestellposition", "Kunde", "Zahlung"]),
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
    const model = generateEmbedded("customers with offers")!;
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
          .filter((word) => {
            const prompt = language === "en" ? `with ${word}` : `mit ${word}`;
            // German prompts name the table by the word they use.
            return !tables(generateEmbedded(prompt) ?? { objectTypes: [], enumTypes: [] }).includes(language === "en" ? part : pascalName(word));
          })
          .map((word) => `${language}: ${word}`),
      ),
    );
    expect(missed).toEqual([]);
  });

  it("reaches every template through its domain words", () => {
    expect(Object.keys(DOMAIN_WORDS).sort()).toEqual(BLUEPRINTS.map((blueprint) => blueprint.key).sort());
    for (const blueprint of BLUEPRINTS) {
      for (const word of DOMAIN_WORDS[blueprint.key]) {
        const german = guessLanguage(word) === "de";
        const expected = blueprint.parts.map((part) => (german ? germanPartName(part, undefined, []) : part));
        expect(tables(generateEmbedded(word)!), word).toEqual(expect.arrayContaining(expected));
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
    // A table Owner that others belong to would collide with a generated name: withFreeNames renames it.
    expect(tables(model).sort()).toEqual(["Dog", "DogOwner", "Walk"]);
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
