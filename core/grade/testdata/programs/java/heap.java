import java.util.*;

// Keeps 128 MiB alive and makes 2 GiB of garbage besides: under a 256 MiB
// limit this passes only if the JVM sizes its heap from the limit.
public class heap {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        int[] keep = new int[32 << 20];
        for (int i = 0; i < keep.length; i += 1024) keep[i] = i;
        long seen = 0;
        for (int i = 0; i < 2048; i++) {
            int[] junk = new int[256 << 10];
            junk[i] = keep[i * 1024];
            seen += junk[i];
        }
        if (seen != 2047L * 2048 / 2 * 1024) {
            throw new IllegalStateException("lost memory: " + seen);
        }
        System.out.println(a + b);
    }
}
