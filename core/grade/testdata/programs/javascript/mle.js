// Keeps 1 MiB blocks, each touched, until the memory runs out.
const keep = [];
for (;;) {
  const block = new Uint8Array(1 << 20);
  for (let i = 0; i < block.length; i += 4096) {
    block[i] = 1;
  }
  keep.push(block);
}
