import type { FieldSpec } from "../templates/parts/part";
import { enumOf } from "../templates/parts/part";

/**
 * Domain knowledge for things the template parts do not cover (pets, their owners and walks,
 * hobbies, small trades): the words naming each thing (singular; plurals are found by
 * singularising), its usual fields and the things it usually belongs to, by key. A table is
 * named by the word the prompt used, so "puppies" gives a Puppy with a dog's fields.
 */
export interface Noun {
  en: string[];
  de: string[];
  fields: Record<string, FieldSpec>;
  belongsTo?: string[];
}

const person = { name: "String required", email: "Email", phone: "Phone" } satisfies Record<string, FieldSpec>;
const animal = { name: "String required", breed: "String", birthDate: "Date", weightKg: "Float", notes: "String" } satisfies Record<
  string,
  FieldSpec
>;

export const NOUNS: Record<string, Noun> = {
  owner: { en: ["owner", "pet owner", "dog owner", "keeper"], de: ["besitzer", "besitzerin", "halter", "halterin", "herrchen", "frauchen"], fields: { ...person, address: "String" } },
  pet: { en: ["pet", "animal"], de: ["haustier", "tier"], fields: { ...animal, species: "String" }, belongsTo: ["owner"] },
  dog: { en: ["dog", "puppy"], de: ["hund", "welpe"], fields: animal, belongsTo: ["owner"] },
  cat: { en: ["cat", "kitten"], de: ["katze", "kater"], fields: animal, belongsTo: ["owner"] },
  horse: { en: ["horse", "pony"], de: ["pferd", "pony"], fields: animal, belongsTo: ["owner"] },
  walker: { en: ["walker", "dog walker", "sitter", "pet sitter"], de: ["gassigeher", "gassigeherin", "hundeausführer", "hundeausführerin", "ausführer", "hundesitter", "tiersitter"], fields: { ...person, hourlyRate: "Float" } },
  walk: {
    en: ["walk", "dog walk", "outing"],
    de: ["spaziergang", "gassirunde", "gassigang", "runde", "ausflug"],
    fields: { startsAt: "DateTime required", durationMinutes: "Integer", distanceKm: "Float", price: "Float", notes: "String" },
    belongsTo: ["dog", "walker", "pet"],
  },
  vet: { en: ["vet", "veterinarian"], de: ["tierarzt", "tierärztin"], fields: { ...person, practice: "String" } },
  vaccination: { en: ["vaccination", "vaccine"], de: ["impfung"], fields: { vaccine: "String required", date: "Date required", nextDue: "Date" }, belongsTo: ["dog", "cat", "pet", "horse"] },
  visit: { en: ["visit", "checkup"], de: ["besuch", "untersuchung"], fields: { date: "DateTime required", reason: "String", notes: "String" }, belongsTo: ["pet", "dog", "cat", "patient", "vet"] },
  plant: { en: ["plant", "tree", "flower"], de: ["pflanze", "baum", "blume"], fields: { name: "String required", species: "String", plantedOn: "Date", wateringDays: "Integer" }, belongsTo: ["garden", "bed"] },
  garden: { en: ["garden", "allotment"], de: ["garten", "schrebergarten"], fields: { name: "String required", location: "String", sizeSqm: "Float" } },
  bed: { en: ["bed", "flower bed", "garden bed"], de: ["beet", "hochbeet"], fields: { name: "String required", sizeSqm: "Float" }, belongsTo: ["garden"] },
  harvest: { en: ["harvest", "crop"], de: ["ernte"], fields: { date: "Date required", quantity: "Float", unit: "String" }, belongsTo: ["plant", "bed"] },
  bike: { en: ["bike", "bicycle"], de: ["fahrrad"], fields: { name: "String required", brand: "String", frameNumber: "String unique", purchasedOn: "Date" }, belongsTo: ["owner"] },
  car: { en: ["car"], de: ["auto", "wagen", "pkw"], fields: { licensePlate: "String required unique", make: "String", model: "String", year: "Integer", mileageKm: "Integer" }, belongsTo: ["owner"] },
  route: { en: ["route", "trail"], de: ["route", "strecke", "wanderweg"], fields: { name: "String required", distanceKm: "Float", elevationM: "Integer", description: "String" } },
  ride: { en: ["ride", "hike", "tour"], de: ["tour", "lauf", "wanderung", "ausfahrt"], fields: { date: "DateTime required", distanceKm: "Float", durationMinutes: "Integer", notes: "String" }, belongsTo: ["route", "bike", "member"] },
  song: { en: ["song", "tune"], de: ["lied", "song", "titel"], fields: { title: "String required", durationSeconds: "Integer", releasedOn: "Date" }, belongsTo: ["album", "artist", "band"] },
  artist: { en: ["artist", "musician", "singer"], de: ["künstler", "künstlerin", "musiker", "musikerin", "sänger", "sängerin"], fields: { name: "String required", genre: "String", website: "Url" }, belongsTo: ["band"] },
  band: { en: ["band", "choir", "orchestra", "ensemble"], de: ["band", "chor", "orchester", "ensemble"], fields: { name: "String required", genre: "String", foundedOn: "Date" } },
  rehearsal: { en: ["rehearsal", "practice"], de: ["probe", "übungsstunde"], fields: { startsAt: "DateTime required", location: "String", notes: "String" }, belongsTo: ["band"] },
  instrument: { en: ["instrument"], de: ["instrument"], fields: { name: "String required", kind: "String", serialNumber: "String" }, belongsTo: ["artist", "student"] },
  playlist: { en: ["playlist"], de: ["playlist", "wiedergabeliste"], fields: { name: "String required", description: "String" } },
  movie: { en: ["movie", "film"], de: ["film"], fields: { title: "String required", releaseYear: "Integer", genre: "String", rating: "Float" }, belongsTo: ["director"] },
  director: { en: ["director"], de: ["regisseur", "regisseurin"], fields: { name: "String required", birthDate: "Date" } },
  actor: { en: ["actor", "actress"], de: ["schauspieler", "schauspielerin"], fields: { name: "String required", birthDate: "Date" } },
  game: { en: ["game", "board game", "video game"], de: ["brettspiel", "videospiel", "computerspiel"], fields: { title: "String required", minPlayers: "Integer", maxPlayers: "Integer", genre: "String" } },
  photographer: { en: ["photographer"], de: ["fotograf", "fotografin"], fields: { ...person, website: "Url" } },
  shoot: { en: ["shoot", "photo shoot"], de: ["shooting", "fotoshooting"], fields: { date: "DateTime required", location: "String", price: "Float" }, belongsTo: ["customer", "photographer"] },
  cleaner: { en: ["cleaner", "housekeeper"], de: ["reinigungskraft", "putzkraft"], fields: { ...person, hourlyRate: "Float" } },
  household: { en: ["household", "home", "house", "flat", "apartment"], de: ["haushalt", "haus", "wohnung"], fields: { name: "String required", address: "String" } },
  cleaning: { en: ["cleaning"], de: ["reinigung", "einsatz"], fields: { startsAt: "DateTime required", durationMinutes: "Integer", price: "Float", done: "Boolean" }, belongsTo: ["household", "cleaner"] },
  expense: { en: ["expense", "cost", "spending"], de: ["ausgabe", "kosten"], fields: { title: "String required", amount: "Float required", date: "Date required", category: "String" }, belongsTo: ["budget", "trip", "member"] },
  income: { en: ["income", "earning", "revenue"], de: ["einnahme", "einkommen"], fields: { title: "String required", amount: "Float required", date: "Date required" }, belongsTo: ["budget"] },
  budget: { en: ["budget"], de: ["budget", "haushaltsplan"], fields: { name: "String required", amount: "Float", period: enumOf("BudgetPeriod", ["MONTH", "QUARTER", "YEAR"]) } },
  habit: { en: ["habit"], de: ["gewohnheit"], fields: { name: "String required", frequency: enumOf("HabitFrequency", ["DAILY", "WEEKLY", "MONTHLY"]) } },
  goal: { en: ["goal", "target"], de: ["ziel"], fields: { title: "String required", dueOn: "Date", achieved: "Boolean" }, belongsTo: ["habit", "member"] },
  entry: { en: ["entry", "log entry", "diary entry"], de: ["eintrag", "tagebucheintrag", "protokoll"], fields: { date: "Date required", text: "String", mood: "Integer" }, belongsTo: ["habit", "goal", "plant", "dog"] },
  room: { en: ["classroom", "meeting room"], de: ["besprechungsraum", "klassenzimmer"], fields: { name: "String required", capacity: "Integer", floor: "Integer" } },
  child: { en: ["child", "kid"], de: ["kind"], fields: { name: "String required", birthDate: "Date", allergies: "String" }, belongsTo: ["parent", "group"] },
  parent: { en: ["parent", "guardian"], de: ["elternteil", "erziehungsberechtigter", "eltern"], fields: { ...person, address: "String" } },
  farm: { en: ["farm"], de: ["hof", "bauernhof"], fields: { name: "String required", address: "String", areaHa: "Float" } },
  field: { en: ["field", "paddock"], de: ["feld", "acker", "weide"], fields: { name: "String required", areaHa: "Float", crop: "String" }, belongsTo: ["farm"] },
  machine: { en: ["machine", "equipment", "device"], de: ["maschine", "gerät", "anlage"], fields: { name: "String required", serialNumber: "String unique", purchasedOn: "Date", nextService: "Date" }, belongsTo: ["farm", "warehouse", "department"] },
  maintenance: { en: ["maintenance", "service", "inspection"], de: ["wartung", "inspektion"], fields: { date: "Date required", description: "String", cost: "Float" }, belongsTo: ["machine", "car", "bike", "vehicle"] },
  wine: { en: ["wine", "bottle"], de: ["wein", "flasche"], fields: { name: "String required", vintage: "Integer", grape: "String", price: "Float" }, belongsTo: ["winery", "cellar"] },
  winery: { en: ["winery", "vineyard"], de: ["weingut"], fields: { name: "String required", region: "String", website: "Url" } },
  tasting: { en: ["tasting"], de: ["verkostung", "weinprobe"], fields: { date: "DateTime required", rating: "Integer", notes: "String" }, belongsTo: ["wine"] },
};
