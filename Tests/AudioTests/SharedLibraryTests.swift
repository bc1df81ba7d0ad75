import Audio
import SystemAccess
import Testing

/// `SharedLibrary`: a C library opened on first use says what to install when it is missing.
struct SharedLibraryTests {
    @Test func aMissingLibraryNamesItselfAndThePackageToInstall() {
        let error = #expect(throws: SharedLibraryMissing.self) { try SharedLibrary("libchirper-nothing.so.9", package: "chirper-nothing") }
        #expect(error?.description.hasPrefix("cannot load libchirper-nothing.so.9 (install chirper-nothing): ") == true, "\(String(describing: error))")
    }

    @Test func aFunctionIsFoundByItsNameAndAMissingOneIsAnError() throws {
        let libm = try SharedLibrary("libm.so.6", package: "libc6")
        let cosine = try libm.function("cos", as: (@convention(c) (Double) -> Double).self)
        #expect(cosine(0) == 1)
        let error = #expect(throws: SharedLibraryMissing.self) { try libm.function("chirper_no_such_function", as: (@convention(c) () -> Void).self) }
        #expect(error?.package == "a newer libc6", "a missing function asks for a newer library")
    }
}
