import java.util.ArrayList;
import java.util.List;

// Keeps 1 MiB blocks, each touched, until the memory runs out: the heap may
// grow to the memory limit, so the memory limit stops it (MLE), not an
// OutOfMemoryError (RE).
public class mle {
    public static void main(String[] args) {
        List<int[]> keep = new ArrayList<>();
        while (true) {
            int[] block = new int[256 << 10];
            for (int i = 0; i < block.length; i += 1024) {
                block[i] = 1;
            }
            keep.add(block);
        }
    }
}
