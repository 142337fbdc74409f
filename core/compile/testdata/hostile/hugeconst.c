/* A 1 GiB initialised array: the object file alone is bigger than the box. */
char big[1 << 30] = {1};
int main(void) { return big[12345]; }
