print("hello from a box as new")
