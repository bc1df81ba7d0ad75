// Rubber Band's C API (librubberband-dev): the real-time time-stretcher behind --speed with the pitch kept.
#include <rubberband/rubberband-c.h>
