/*
 * Runs inputs through a C fuzz target's LLVMFuzzerTestOneInput without libFuzzer: the regression
 * tests build it with cc and feed it every file of the target's corpus (crashes found included).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
    LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        FILE *file = fopen(argv[i], "rbe");
        if (file == NULL) {
            perror(argv[i]);
            return 2;
        }
        uint8_t *bytes = NULL;
        size_t count = 0, capacity = 0, got;
        do {
            if (count == capacity) {
                capacity = capacity ? capacity * 2 : 4096;
                bytes = realloc(bytes, capacity);
                if (bytes == NULL) abort();
            }
            got = fread(bytes + count, 1, capacity - count, file);
            count += got;
        } while (got > 0);
        fclose(file);
        LLVMFuzzerTestOneInput(bytes, count);
        free(bytes);
    }
    return 0;
}
