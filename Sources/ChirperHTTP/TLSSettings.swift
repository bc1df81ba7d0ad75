import FoundationEssentials
import NIOSSL

/// How Chirper's TLS checks a server, made once, on the first https request: the system's trust roots,
/// or those named by `SSL_CERT_FILE` (a PEM bundle) or else `SSL_CERT_DIR` (a folder of hashed PEM
/// certificates), as OpenSSL-based tools read them (a company proxy's root, a test's CA). Only one of
/// the two is used: NIOSSL takes a folder only as the whole set of roots.
enum TLSSettings {
    static let context = context(environment: ProcessInfo.processInfo.environment)

    /// The context, or why it cannot be made: roots that were named and cannot be read are
    /// `NetworkError.trustRootsUnreadable` (every https request then fails saying so).
    static func context(environment: [String: String]) -> Result<NIOSSLContext, any Error> {
        var configuration = TLSConfiguration.makeClientConfiguration()
        let named = [environment["SSL_CERT_FILE"], environment["SSL_CERT_DIR"]].compactMap { $0 }.first { !$0.isEmpty }
        if let named {
            // Roots that cannot be read are said so before NIOSSL is asked (its context, failing, keeps
            // what it had allocated).
            guard FileManager.default.isReadableFile(atPath: named) else { return .failure(NetworkError.trustRootsUnreadable) }
            configuration.trustRoots = .file(named)
        }
        do {
            return .success(try NIOSSLContext(configuration: configuration))
        } catch {
            return .failure(named == nil ? error : NetworkError.trustRootsUnreadable)
        }
    }
}
