#include <zlib.h>

// inflateInit2 is a macro (it passes zlib's version and the stream's size): Swift sees this function.
static inline int czlib_inflate_init(z_streamp stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}
