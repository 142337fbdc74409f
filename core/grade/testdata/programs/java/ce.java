public class ce {
    public static void main(String[] args) {
        int x = "not a number";
    }
}
