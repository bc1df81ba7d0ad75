// Only what Swift cannot import from mpg123.h. Debian's header maps several names to their "2" variants
// through macros; Swift calls those variants directly, so nothing is needed here yet beyond the include.
#include <mpg123.h>
