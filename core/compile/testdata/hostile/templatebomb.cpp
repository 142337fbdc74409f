// Every level instantiates two new, distinct types: 2^28 instantiations.
template <class T, int N> struct Bomb {
    static const int value = Bomb<Bomb<T, N - 1>*, N - 1>::value + Bomb<T*, N - 1>::value;
};
template <class T> struct Bomb<T, 0> { static const int value = 1; };
int main() { return Bomb<int, 28>::value & 1; }
