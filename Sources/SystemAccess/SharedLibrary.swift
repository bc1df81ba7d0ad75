import Glibc

/// A C library opened the first time a feature needs it, not at every start: libpulse (by the thread
/// that connects to the sound server), Rubber Band (`--speed` with the pitch kept), FFTW and libpng
/// (sonograms). Linked, each would be loaded and bound by every run, a plain play included, for code
/// that run may never call. Their headers still give the types; `function` gives the address of each
/// call, once.
///
/// `@unchecked Sendable`: the handle is only given to `dlsym`, which is thread-safe, and never closed.
public struct SharedLibrary: @unchecked Sendable {
    public let soname: String
    /// What a listener installs for it: named again when a function is missing (an older version).
    public let package: String
    private let handle: UnsafeMutableRawPointer

    /// Opens `soname` (the loader counts references: opening it again is cheap and gives the same one).
    /// `package` names what a listener installs when it is missing. Lazily bound, as a linked library
    /// is: the library's (and its dependencies') calls are bound when first made, not all at the open,
    /// where binding every call of libpulse's 30 libraries would lengthen the way to a play's first
    /// sound. The functions Chirper calls are still all looked up at once, by `function`.
    public init(_ soname: String, package: String) throws(SharedLibraryMissing) {
        guard let handle = dlopen(soname, RTLD_LAZY | RTLD_LOCAL) else {
            throw SharedLibraryMissing(soname: soname, package: package, reason: Self.lastError())
        }
        self.soname = soname
        self.package = package
        self.handle = handle
    }

    /// The function `name` as `T`, which must be the `@convention(c)` type of its C declaration.
    public func function<T>(_ name: String, as type: T.Type = T.self) throws(SharedLibraryMissing) -> T {
        guard let address = dlsym(handle, name) else {
            throw SharedLibraryMissing(soname: soname, package: "a newer \(package)", reason: Self.lastError())
        }
        return unsafeBitCast(address, to: T.self)
    }

    /// Opens `soname` and looks its functions up with `table` (a type's init), keeping the outcome: what
    /// each wrapper's `static let` holds, so the library is opened once, on first use.
    public static func functions<Table>(
        _ soname: String, package: String, _ table: (SharedLibrary) throws(SharedLibraryMissing) -> Table
    ) -> Result<Table, SharedLibraryMissing> {
        Result { () throws(SharedLibraryMissing) in try table(SharedLibrary(soname, package: package)) }
    }

    /// Whether `looked` (an entry of a function table) is the very function `declared` (the name as a
    /// program linked to the library binds it); nil when `F` is not a C function pointer. What each
    /// table's test holds it to.
    public static func same<F>(_ looked: F, _ declared: F) -> Bool? {
        guard MemoryLayout<F>.size == MemoryLayout<UnsafeRawPointer>.size else { return nil }
        return unsafeBitCast(looked, to: UnsafeRawPointer.self) == unsafeBitCast(declared, to: UnsafeRawPointer.self)
    }

    private static func lastError() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown reason"
    }
}

/// A library (or a function in it) that could not be opened, in words a listener can act on.
public struct SharedLibraryMissing: Error, CustomStringConvertible {
    public let soname: String
    public let package: String
    public let reason: String

    public var description: String { "cannot load \(soname) (install \(package)): \(reason)" }
}
