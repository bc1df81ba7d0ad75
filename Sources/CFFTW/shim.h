// FFTW 3, single precision (fftwf_*): the sonogram's FFT. Only Sonogram's SpectrumAnalyzer uses it.
#include <fftw3.h>

// FFTW_ESTIMATE is a shift expression Swift does not import as a constant.
static const unsigned chirper_fftw_estimate = FFTW_ESTIMATE;
