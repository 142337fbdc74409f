class NoMain {
    static int f() {
        return 1;
    }
}
