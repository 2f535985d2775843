import { hash, verify } from '@node-rs/argon2';
const o = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };
const h = await hash('correct horse battery', o);
let n = 0; const t0 = performance.now(); const end = t0 + 3000; const u0 = process.cpuUsage();
await Promise.all(Array.from({ length: 4 }, async () => { while (performance.now() < end) { await verify(h, 'correct horse battery'); n++; } }));
const u = process.cpuUsage(u0);
console.log(`${(n / 3).toFixed(1)}/s user ${(u.user / n / 1000).toFixed(2)} ms sys ${(u.system / n / 1000).toFixed(2)} ms per verify`);
