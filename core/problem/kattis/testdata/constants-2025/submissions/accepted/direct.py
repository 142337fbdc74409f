print(int(input()) + {{offset}})
