/* A compact-runtime source as CANN writes it: it includes "error_manager.h"
 * and is compiled as C, with the include flags of the compact module
 * (errcat_ffi_compact), which make that name the compact C ABI. */
#include <stdio.h>
#include <string.h>

#include "error_manager.h"

int main(void)
{
    const char* text;
    REPORT_INPUT_ERROR("EH0002", ARRAY("param"), ARRAY("stream"));
    text = GetErrorMessage();
    if (text == NULL || strcmp(text, "EH0002: Argument stream must not be NULL.\r\n"
                                     "        Solution: Try again with a correct pointer argument.\r\n") != 0) {
        printf("unexpected: %s\n", text == NULL ? "NULL" : text);
        return 1;
    }
    printf("reported\n");
    return 0;
}
