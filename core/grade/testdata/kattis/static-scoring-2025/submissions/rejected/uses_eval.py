print(eval(input() + "*2"))
