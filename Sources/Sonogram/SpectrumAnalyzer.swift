import CFFTW
import Glibc

/// One FFTW plan for real input of `size` samples: Hann-windowed frames in, power per bin out. The only
/// code that touches CFFTW. Plans are made once and reused for every frame.
final class SpectrumAnalyzer {
    let size: Int
    var binCount: Int { size / 2 + 1 }
    private let input: UnsafeMutablePointer<Float>
    private let output: UnsafeMutablePointer<fftwf_complex>
    private let plan: fftwf_plan
    private let window: [Float]

    /// FFTW's planner is not thread-safe (executing a plan is): plans are made and destroyed one at a time.
    private static let planner = PlannerLock()

    init(size: Int) {
        self.size = size
        input = fftwf_alloc_real(size)
        output = fftwf_alloc_complex(size / 2 + 1)
        Self.planner.lock()
        plan = fftwf_plan_dft_r2c_1d(Int32(size), input, output, chirper_fftw_estimate)
        Self.planner.unlock()
        // Hann: 0.5 − 0.5 cos(2πn/N); its sidelobes fall fast enough for a tone to stay in its own row.
        window = (0..<size).map { index -> Float in
            let angle = 2 * Double.pi * Double(index) / Double(size)
            return Float(0.5 - 0.5 * cos(angle))
        }
    }

    deinit {
        Self.planner.lock()
        fftwf_destroy_plan(plan)
        Self.planner.unlock()
        fftwf_free(input)
        fftwf_free(output)
    }

    /// The power spectrum of `samples[start ..< start + size]`, into `power` (binCount values).
    func power(of samples: [Float], from start: Int, into power: inout [Float]) {
        samples.withUnsafeBufferPointer { source in
            for index in 0..<size { input[index] = source[start + index] * window[index] }
        }
        fftwf_execute(plan)
        for bin in 0..<binCount {
            let (re, im) = output[bin]
            power[bin] = re * re + im * im
        }
    }
}

/// A plain pthread mutex for FFTW's planner: the plan it makes is a C pointer, which `Mutex.withLock`
/// would have to send out of its closure.
private final class PlannerLock: Sendable {
    // The pthread mutex is only touched through pthread_mutex_lock/unlock, which are thread-safe.
    private nonisolated(unsafe) let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}
