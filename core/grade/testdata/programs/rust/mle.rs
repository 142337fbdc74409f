// Keeps 1 MiB blocks, each touched, until the memory runs out.
fn main() {
    let mut keep: Vec<Vec<u8>> = Vec::new();
    loop {
        let mut block = vec![0u8; 1 << 20];
        for i in (0..block.len()).step_by(4096) {
            block[i] = 1;
        }
        keep.push(block);
    }
}
