import java.util.Scanner;

class Adder {
    static long add(long a, long b) {
        return a + b;
    }

    // Not the entry point: main takes no String[].
    static void main() {
    }
}

class Solution {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        System.out.println(Adder.add(in.nextLong(), in.nextLong()));
    }
}
