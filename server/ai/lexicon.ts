import type { PartName } from "../templates/parts";

/**
 * The words that name each part, singular, lower case; plurals and German inflections are found
 * by stemming (text.ts), so only irregular forms are listed. Several words may be phrases
 * ("time entry"). A word starting with "~" is a second meaning: it picks this part only when
 * the prompt already has it (German "Beiträge" in a club are fees, in a blog they are posts).
 */
export const PART_WORDS: Record<PartName, { en: string[]; de: string[] }> = {
  // sales
  Customer: { en: ["customer", "client", "buyer"], de: ["kunde", "kundin", "klient", "klientin", "käufer", "käuferin"] },
  Company: {
    en: ["company", "business", "organization", "organisation", "firm"],
    de: ["firma", "unternehmen", "betrieb"],
  },
  Contact: {
    en: ["contact", "contact person", "person"],
    de: ["kontakt", "ansprechpartner", "ansprechpartnerin", "kontaktperson", "person"],
  },
  Lead: { en: ["lead", "prospect"], de: ["lead", "interessent", "interessentin"] },
  Deal: { en: ["deal", "opportunity", "sales opportunity"], de: ["deal", "verkaufschance", "opportunity"] },
  Offer: { en: ["offer", "quote", "quotation", "proposal"], de: ["angebot", "offerte", "kostenvoranschlag"] },
  Invoice: { en: ["invoice", "bill"], de: ["rechnung"] },
  Payment: { en: ["payment", "transaction"], de: ["zahlung", "bezahlung", "zahlungseingang", "transaktion"] },
  Interaction: {
    en: ["interaction", "activity", "call", "phone call", "contact history"],
    de: ["interaktion", "aktivität", "anruf", "telefonat", "gespräch", "kontaktverlauf"],
  },
  Supplier: { en: ["supplier", "vendor"], de: ["lieferant", "lieferantin", "zulieferer"] },
  Contract: { en: ["contract", "agreement"], de: ["vertrag"] },
  // commerce
  Product: {
    en: ["product", "item", "goods"],
    de: ["produkt", "ware", "~artikel", "lagerartikel"],
  },
  Category: { en: ["category"], de: ["kategorie", "rubrik", "warengruppe", "produktkategorie"] },
  Brand: { en: ["brand", "manufacturer"], de: ["marke", "hersteller", "herstellerin"] },
  Order: { en: ["order", "purchase"], de: ["bestellung", "auftrag", "kauf"] },
  OrderItem: {
    en: ["order item", "line item", "order line", "order position"],
    de: ["bestellposition", "auftragsposition"],
  },
  Cart: { en: ["cart", "shopping cart", "basket"], de: ["warenkorb", "einkaufswagen"] },
  Review: { en: ["review", "rating", "testimonial"], de: ["bewertung", "rezension", "kundenbewertung"] },
  Coupon: {
    en: ["coupon", "voucher", "discount code", "promo code", "discount"],
    de: ["gutschein", "rabatt", "rabattcode", "gutscheincode"],
  },
  Shipment: { en: ["shipment", "delivery", "parcel", "package"], de: ["lieferung", "sendung", "versand", "paket"] },
  Address: { en: ["address", "shipping address"], de: ["adresse", "anschrift", "lieferadresse"] },
  Warehouse: { en: ["warehouse", "storage location", "depot"], de: ["lager", "lagerort", "standort", "depot"] },
  StockItem: {
    en: ["stock", "stock level", "stock item", "inventory item", "~item"],
    de: ["bestand", "lagerbestand", "~artikel"],
  },
  StockMovement: {
    en: ["stock movement", "movement", "goods receipt", "goods issue"],
    de: ["warenbewegung", "lagerbewegung", "bewegung", "wareneingang", "warenausgang"],
  },
  PurchaseOrder: {
    en: ["purchase order", "~order", "restock order"],
    de: ["einkaufsbestellung", "nachbestellung", "~bestellung", "einkauf"],
  },
  // content
  Author: { en: ["author", "writer"], de: ["autor", "autorin", "verfasser", "verfasserin"] },
  Post: {
    en: ["post", "blog post", "blogpost", "article"],
    de: ["beitrag", "blogbeitrag", "blogpost", "post", "artikel"],
  },
  Comment: { en: ["comment", "reply"], de: ["kommentar", "antwort"] },
  Tag: { en: ["tag", "label", "keyword"], de: ["schlagwort", "stichwort", "label"] },
  Page: { en: ["page", "web page", "landing page"], de: ["seite", "webseite", "unterseite"] },
  Album: { en: ["album", "gallery", "photo album"], de: ["album", "galerie", "fotoalbum"] },
  Image: { en: ["image", "photo", "picture", "media"], de: ["bild", "foto", "medium", "medien"] },
  Newsletter: { en: ["newsletter", "mailing"], de: ["newsletter", "rundbrief", "mailing"] },
  Subscriber: { en: ["subscriber", "reader"], de: ["abonnent", "abonnentin", "leser", "leserin"] },
  Podcast: { en: ["podcast"], de: ["podcast"] },
  Episode: { en: ["episode"], de: ["episode", "podcastfolge"] },
  Video: { en: ["video", "clip"], de: ["video"] },
  // events
  Event: {
    en: ["event", "conference", "meetup", "festival", "concert"],
    de: ["veranstaltung", "event", "konferenz", "tagung", "konzert", "festival"],
  },
  Venue: { en: ["venue", "location"], de: ["veranstaltungsort", "location", "spielstätte"] },
  Organizer: { en: ["organizer", "organiser", "host"], de: ["veranstalter", "veranstalterin", "organisator", "organisatorin"] },
  Attendee: {
    en: ["attendee", "participant", "visitor"],
    de: ["teilnehmer", "teilnehmerin", "teilnehmend", "besucher", "besucherin"],
  },
  Ticket: { en: ["ticket", "admission"], de: ["ticket", "eintrittskarte"] },
  Registration: { en: ["registration", "signup", "sign up", "rsvp"], de: ["anmeldung", "registrierung"] },
  Speaker: { en: ["speaker", "presenter"], de: ["sprecher", "sprecherin", "referent", "referentin", "redner", "rednerin"] },
  Session: { en: ["session", "talk", "presentation"], de: ["vortrag", "programmpunkt", "session"] },
  Sponsor: { en: ["sponsor"], de: ["sponsor", "sponsorin"] },
  Guest: { en: ["guest"], de: ["gast"] },
  Room: { en: ["room"], de: ["raum", "zimmer"] },
  Hotel: { en: ["hotel", "accommodation"], de: ["hotel", "unterkunft", "pension"] },
  Booking: { en: ["booking", "reservation"], de: ["buchung", "reservierung"] },
  Appointment: { en: ["appointment", "meeting"], de: ["termin", "besprechung", "meeting"] },
  // work
  Project: { en: ["project"], de: ["projekt"] },
  Task: { en: ["task", "todo", "to do", "chore"], de: ["aufgabe", "todo", "arbeitspaket"] },
  Milestone: { en: ["milestone"], de: ["meilenstein"] },
  Team: { en: ["team", "squad", "group"], de: ["team", "mannschaft", "gruppe"] },
  Department: { en: ["department", "division"], de: ["abteilung"] },
  Employee: {
    en: ["employee", "staff", "staff member", "worker", "colleague", "team member", "~member", "~agent"],
    de: ["mitarbeiter", "mitarbeiterin", "mitarbeitend", "angestellte", "angestellter", "kollege", "kollegin", "personal", "teammitglied"],
  },
  TimeEntry: {
    en: ["time entry", "timesheet", "time record", "working hours", "time tracking"],
    de: ["zeiteintrag", "zeiterfassung", "arbeitszeit", "stundenzettel", "zeitbuchung"],
  },
  LeaveRequest: {
    en: ["leave request", "vacation", "holiday", "absence", "time off"],
    de: ["urlaub", "urlaubsantrag", "abwesenheit", "urlaubstag"],
  },
  Issue: {
    en: ["issue", "bug", "support ticket", "support request", "incident", "~ticket"],
    de: ["fehler", "störung", "supportanfrage", "anfrage", "vorfall", "~ticket"],
  },
  Note: { en: ["note", "memo"], de: ["notiz", "vermerk"] },
  Document: { en: ["document", "file"], de: ["dokument", "unterlage", "datei"] },
  User: { en: ["user", "account"], de: ["benutzer", "benutzerin", "nutzer", "nutzerin", "anwender", "anwenderin"] },
  Message: { en: ["message", "chat message"], de: ["nachricht", "mitteilung"] },
  Conversation: { en: ["conversation", "chat", "thread"], de: ["unterhaltung", "chat", "konversation"] },
  JobPosting: {
    en: ["job posting", "job", "job offer", "vacancy", "opening", "position"],
    de: ["stellenanzeige", "stellenangebot", "stellenausschreibung", "jobangebot", "job"],
  },
  Applicant: { en: ["applicant", "candidate"], de: ["bewerber", "bewerberin", "kandidat", "kandidatin"] },
  // "application" alone is more often the software being asked for.
  Application: { en: ["job application", "~application"], de: ["bewerbung"] },
  Interview: { en: ["interview", "job interview"], de: ["vorstellungsgespräch", "interview", "bewerbungsgespräch"] },
  Survey: { en: ["survey", "poll", "questionnaire", "quiz"], de: ["umfrage", "fragebogen", "quiz"] },
  Question: { en: ["question"], de: ["frage"] },
  Answer: { en: ["answer", "response"], de: ["~antwort", "rückmeldung"] },
  // food
  Recipe: { en: ["recipe"], de: ["rezept", "kochrezept", "backrezept"] },
  RecipeCategory: { en: ["recipe category", "~category", "cuisine"], de: ["rezeptkategorie", "~kategorie"] },
  Ingredient: { en: ["ingredient"], de: ["zutat"] },
  Step: {
    en: ["step", "instruction", "preparation step", "cooking step"],
    de: ["schritt", "arbeitsschritt", "zubereitungsschritt", "anleitung", "zubereitung"],
  },
  Restaurant: { en: ["restaurant", "cafe", "bistro"], de: ["restaurant", "gaststätte", "café", "lokal"] },
  Menu: { en: ["menu"], de: ["speisekarte", "menü"] },
  Dish: { en: ["dish", "meal", "course meal"], de: ["gericht", "speise", "mahlzeit"] },
  // education
  Student: {
    en: ["student", "pupil", "learner"],
    de: ["schüler", "schülerin", "student", "studentin", "studierend", "lernend"],
  },
  Teacher: { en: ["teacher", "lecturer", "tutor"], de: ["lehrer", "lehrerin", "lehrkraft", "dozent", "dozentin"] },
  SchoolClass: { en: ["class", "school class"], de: ["klasse", "schulklasse"] },
  Subject: { en: ["subject"], de: ["fach", "schulfach", "unterrichtsfach"] },
  Course: { en: ["course", "~class", "workshop", "training course"], de: ["kurs", "lehrgang", "workshop", "seminar"] },
  Lesson: { en: ["lesson", "lecture", "class session"], de: ["unterrichtsstunde", "lektion", "unterricht", "schulstunde"] },
  Enrollment: { en: ["enrollment", "enrolment"], de: ["einschreibung", "kursanmeldung"] },
  Exam: { en: ["exam", "examination"], de: ["prüfung", "klausur", "klassenarbeit"] },
  Grade: { en: ["grade", "mark", "score"], de: ["note", "zensur", "zeugnisnote"] },
  Assignment: { en: ["assignment", "homework", "exercise"], de: ["hausaufgabe", "übung", "übungsaufgabe"] },
  // community
  Member: { en: ["member", "~reader"], de: ["mitglied", "vereinsmitglied", "~leser", "~leserin"] },
  Plan: { en: ["plan", "tariff", "membership plan"], de: ["tarif", "mitgliedschaftstarif"] },
  Membership: {
    en: ["membership", "subscription"],
    de: ["mitgliedschaft", "abo", "abonnement", "vertragslaufzeit"],
  },
  Fee: { en: ["fee", "dues", "membership fee"], de: ["gebühr", "mitgliedsbeitrag", "~beitrag", "jahresbeitrag"] },
  Trainer: { en: ["trainer", "coach", "instructor"], de: ["trainer", "trainerin", "übungsleiter", "übungsleiterin", "coach"] },
  Workout: { en: ["workout", "training", "training session", "exercise session"], de: ["training", "trainingseinheit", "workout"] },
  CheckIn: { en: ["check in", "checkin", "visit"], de: ["check in", "checkin", "besuch", "einlass"] },
  Attendance: { en: ["attendance", "presence"], de: ["anwesenheit", "teilnahme"] },
  Donor: { en: ["donor", "sponsor member", "supporter"], de: ["spender", "spenderin", "förderer", "förderin"] },
  Donation: { en: ["donation"], de: ["spende", "zuwendung"] },
  Campaign: { en: ["campaign", "fundraiser"], de: ["kampagne", "spendenaktion"] },
  Volunteer: { en: ["volunteer", "helper"], de: ["ehrenamtlich", "ehrenamtlicher", "freiwillig", "freiwilliger", "helfer", "helferin"] },
  Shift: { en: ["shift"], de: ["schicht", "dienstplan"] },
  Player: { en: ["player", "athlete"], de: ["spieler", "spielerin", "sportler", "sportlerin"] },
  Match: { en: ["match", "game", "fixture"], de: ["spiel", "partie", "begegnung", "match"] },
  // places
  Property: {
    en: ["property", "real estate", "apartment", "house", "listing", "building"],
    de: ["immobilie", "wohnung", "haus", "objekt", "gebäude"],
  },
  // Not "owner"/"Besitzer": a dog's owner is no property owner; they become tables of their own.
  PropertyOwner: {
    en: ["property owner", "landlord", "landlady"],
    de: ["eigentümer", "eigentümerin", "vermieter", "vermieterin"],
  },
  Agent: { en: ["agent", "realtor", "broker", "estate agent"], de: ["makler", "maklerin"] },
  Tenant: { en: ["tenant", "renter", "lessee"], de: ["mieter", "mieterin"] },
  Lease: {
    en: ["lease", "rental agreement", "rental contract", "tenancy"],
    de: ["mietvertrag", "mietverhältnis", "pachtvertrag"],
  },
  Viewing: { en: ["viewing", "showing", "property viewing"], de: ["besichtigung", "besichtigungstermin"] },
  Repair: {
    en: ["repair", "maintenance", "maintenance request", "damage"],
    de: ["reparatur", "wartung", "schaden", "mangel", "schadensmeldung"],
  },
  Book: { en: ["book"], de: ["buch"] },
  Publisher: { en: ["publisher"], de: ["verlag"] },
  Loan: { en: ["loan", "lending", "borrowing"], de: ["ausleihe", "leihe", "ausleihvorgang", "verleih"] },
  Patient: { en: ["patient"], de: ["patient", "patientin"] },
  Doctor: { en: ["doctor", "physician", "dentist", "therapist"], de: ["arzt", "ärztin", "zahnarzt", "therapeut", "therapeutin"] },
  Prescription: { en: ["prescription", "medication"], de: ["~rezept", "verordnung", "medikament"] },
  Vehicle: { en: ["vehicle", "car", "truck", "van", "fleet"], de: ["fahrzeug", "auto", "wagen", "pkw", "lkw", "fuhrpark"] },
  Driver: { en: ["driver"], de: ["fahrer", "fahrerin"] },
  Trip: { en: ["trip", "journey", "ride", "route"], de: ["fahrt", "reise", "tour", "strecke"] },
};
