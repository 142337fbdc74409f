// Keeps 1 MiB blocks, each touched, until the memory runs out.
fun main() {
    val keep = ArrayList<IntArray>()
    while (true) {
        val block = IntArray(256 shl 10)
        for (i in block.indices step 1024) {
            block[i] = 1
        }
        keep.add(block)
    }
}
