// FreeType's types, for the function table Sonogram looks up in libfreetype.so.6 when a figure is first
// drawn (nothing is linked). The include path /usr/include/freetype2 is given by the Sonogram target.
#include <ft2build.h>
#include FT_FREETYPE_H
