// Node flags the server runs with (npm start, and the collector bench so it measures the same).
//
// --max-semi-space-size=64: a young generation of 64 MB instead of V8's 16 MB. Collected hits wait
// for their batch to commit, so each scavenge finds a few MB alive and copies it; with the default
// size the collector ran 13-19 scavenges a second at full load, about 1 s of an 8 s bench run; with
// 64 MB, 4-6 a second and about 0.4 s (bench/README.md, session 5).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
