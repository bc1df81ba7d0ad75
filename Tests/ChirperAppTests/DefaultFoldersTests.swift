import Audio
import FoundationEssentials
import Glibc
import LibraryModel
import SystemAccess
import Testing

/// Where the library and the cache live, as the environment's variables say, each read on its own.
@Suite("Default folders from the environment")
struct DefaultFoldersTests {
    static func variables(_ set: [String: String]) -> (String) -> String? { { set[$0] } }

    @Test func theLibraryFollowsXDGDataHomeAndAnEmptyOneFallsBackToHome() {
        #expect(LibraryPaths.standard(variable: Self.variables(["XDG_DATA_HOME": "/d", "HOME": "/h"])).folder.path == "/d/chirper")
        #expect(LibraryPaths.standard(variable: Self.variables(["XDG_DATA_HOME": "", "HOME": "/h"])).folder.path == "/h/.local/share/chirper")
    }

    @Test func theCacheFollowsChirperCacheThenXDGCacheHomeThenHome() {
        let variables = ["CHIRPER_CACHE": "/c", "XDG_CACHE_HOME": "/x", "HOME": "/h"]
        #expect(AudioCache.defaultDirectory(variable: Self.variables(variables)).path == "/c")
        #expect(AudioCache.defaultDirectory(variable: Self.variables(variables.merging(["CHIRPER_CACHE": ""]) { $1 })).path
            == "/x/chirper/recordings")
        #expect(AudioCache.defaultDirectory(variable: Self.variables(["HOME": "/h"])).path == "/h/.cache/chirper/recordings")
    }

    @Test func aVariableIsTheProcesssOwnAndAnUnsetOneIsNil() {
        #expect(EnvironmentVariable.value("PATH") == ProcessInfo.processInfo.environment["PATH"])
        #expect(EnvironmentVariable.value("CHIRPER_NO_SUCH_VARIABLE_\(getpid())") == nil)
    }
}
