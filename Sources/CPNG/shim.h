// libpng's simplified API (png_image_*): no setjmp/longjmp error handling, which Swift cannot use.
#include <png.h>
