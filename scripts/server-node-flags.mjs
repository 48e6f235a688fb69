// Node flags the server runs with (npm start, and the collector bench so it measures the same).
//
// --max-semi-space-size=64: a young generation of 64 MB instead of V8's 16 MB. Collected hits wait
// for their batch to commit, so each scavenge finds a few MB alive and copies it; with the default
// size the collector ran about 10 scavenges a second at full load, about 8% of its CPU (bench/README.md,
// session 5). A larger young generation scavenges a third as often for the same live data.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
