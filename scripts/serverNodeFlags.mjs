// The Node flags the server runs with, for `npm start` (scripts/start.mjs) and `npm run bench`
// (scripts/bench/platform.ts) alike, so the bench measures what users run.
//
// --liftoff-only: V8 compiles PGlite's WebAssembly (all of PostgreSQL) with its baseline
// compiler only, never tiering hot functions up to TurboFan. The optimised copies cost ~45 MiB
// of RSS and buy no measurable CPU on the platform's short queries (the memory part of `npm run bench`
// shows the difference).
//
// --max-semi-space-size=2: V8's young generation keeps two 16 MiB halves by default, which a
// request-serving process fills quickly and then holds (32 MiB of RSS); 2 MiB halves measured
// 230 -> 179 MiB after 10,000 mixed requests with the same server CPU per request (the heap's
// live objects stay ~46 MiB before and after: no leak, only slack).
//
// --heap-growing-percent=35: after each full GC V8 lets the old space grow to up to 4x what
// survived before collecting again; the server's live heap is ~50 MiB, so the old space's pages
// reached 90-140 MiB of RSS in 10,000 mixed requests, all of it garbage waiting. Unlike
// --max-old-space-size it sets no ceiling, so a 100,000-row CSV import or a large publish can
// still use what it needs. It trades memory for GC time in allocation-heavy work; on a quiet
// machine, in the same minutes:
//   no flag: RSS after 10,000 mixed requests 217-274 MiB, 100k-row CSV import 9.6 s
//   35%:     192-194 MiB, import 11.0 s
//   20%:     182-184 MiB, import 12.2-14.0 s
// 35% keeps memory under the 200 MiB target at the least cost to the import.
// --optimize-for-size measured 184 MiB too but cost ~20% CPU per request (3.34 vs 2.71 ms).
//
// Not --enable-source-maps: it held ~40 MiB more after 10,000 mixed requests (227 vs 185 MiB),
// and was why `npm start` showed more RSS than the bench's server. The bundle is not minified,
// so stack traces still name the functions; dist/server/index.mjs.map is there for
// `node --enable-source-maps dist/server/index.mjs` when a trace needs the source lines.
export const SERVER_NODE_FLAGS = ["--liftoff-only", "--max-semi-space-size=2", "--heap-growing-percent=35"];
