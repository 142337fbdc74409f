import java.util.Scanner;

// A Kattis-style file name: no class is named after it, and the class with
// main comes second and declares what it throws.
class Adder {
    static long add(long a, long b) {
        return a + b;
    }

    // Not the entry point: main takes no String[].
    static void main() {
    }
}

class Solution {
    public static void main(String[] args) throws java.io.IOException {
        Scanner in = new Scanner(System.in);
        System.out.println(Adder.add(in.nextLong(), in.nextLong()));
    }
}
