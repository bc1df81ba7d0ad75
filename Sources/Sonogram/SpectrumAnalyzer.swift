import Audio
import CFFTW
import Glibc
import SystemAccess

/// FFTW's functions, looked up when the first sonogram is drawn (`SharedLibrary`: a play never loads it).
///
/// `@unchecked Sendable`: immutable addresses of C functions in a library that is never closed.
private struct FFTW: @unchecked Sendable {
    let allocReal: @convention(c) (Int) -> UnsafeMutablePointer<Float>?
    // fftwf_complex* as a raw pointer: a C function type cannot name a pointer to a Swift tuple.
    let allocComplex: @convention(c) (Int) -> UnsafeMutableRawPointer?
    let planRealToComplex: @convention(c) (Int32, UnsafeMutablePointer<Float>?, UnsafeMutableRawPointer?, UInt32) -> fftwf_plan?
    let execute: @convention(c) (fftwf_plan?) -> Void
    let destroyPlan: @convention(c) (fftwf_plan?) -> Void
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void

    private init(_ library: SharedLibrary) throws(SharedLibraryMissing) {
        allocReal = try library.function("fftwf_alloc_real")
        allocComplex = try library.function("fftwf_alloc_complex")
        planRealToComplex = try library.function("fftwf_plan_dft_r2c_1d")
        execute = try library.function("fftwf_execute")
        destroyPlan = try library.function("fftwf_destroy_plan")
        free = try library.function("fftwf_free")
    }

    /// Opened once, on first use.
    static let loaded = SharedLibrary.functions("libfftw3f.so.3", package: "libfftw3-single3", FFTW.init)
}

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

    private let fftw: FFTW

    /// Fails only when FFTW's library cannot be loaded.
    init(size: Int) throws(SharedLibraryMissing) {
        fftw = try FFTW.loaded.get()
        self.size = size
        input = fftw.allocReal(size)!
        output = fftw.allocComplex(size / 2 + 1)!.bindMemory(to: fftwf_complex.self, capacity: size / 2 + 1)
        Self.planner.lock()
        plan = fftw.planRealToComplex(Int32(size), input, output, chirper_fftw_estimate)!
        Self.planner.unlock()
        // Hann: 0.5 − 0.5 cos(2πn/N); its sidelobes fall fast enough for a tone to stay in its own row.
        window = (0..<size).map { index -> Float in
            let angle = 2 * Double.pi * Double(index) / Double(size)
            return Float(0.5 - 0.5 * cos(angle))
        }
    }

    deinit {
        Self.planner.lock()
        fftw.destroyPlan(plan)
        Self.planner.unlock()
        fftw.free(input)
        fftw.free(output)
    }

    /// The power spectrum of `samples[start ..< start + size]`, into `power` (binCount values).
    func power(of samples: [Float], from start: Int, into power: inout [Float]) {
        samples.withUnsafeBufferPointer { source in
            for index in 0..<size { input[index] = source[start + index] * window[index] }
        }
        fftw.execute(plan)
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
