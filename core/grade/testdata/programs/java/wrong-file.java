// A public class in a file not of its name does not compile, as javac
// (and every judge that keeps file names) says.
public class Elsewhere {
    public static void main(String[] args) {
        System.out.println(3);
    }
}
