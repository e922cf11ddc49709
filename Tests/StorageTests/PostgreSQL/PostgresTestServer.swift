import Foundation
import Glibc

@testable import Storage

/// A real PostgreSQL server (Debian's `postgresql` package) for one test: initialised in a
/// temporary directory, listening on 127.0.0.1 only, on a port of its own, stopped and removed
/// when the value goes away. PostgreSQL refuses to run as root, so under root (CI) it runs as
/// the `postgres` user the package creates.
final class PostgresTestServer: Sendable {
    /// What went wrong starting it.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One server shared by the tests that do not stop it: each takes a database of its own
    /// (`freshDatabase()`), so they stay independent and start in milliseconds, not seconds.
    /// Stopped when the test process exits.
    static let shared: Result<PostgresTestServer, Failure> = {
        do {
            let server = try PostgresTestServer()
            atexit { try? PostgresTestServer.shared.get().stopImmediately() }
            return .success(server)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }()

    /// A new, empty database on the shared server, as a connection string.
    static func freshDatabase() throws -> String {
        let server = try shared.get()
        let name = "test_\(UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: ""))"
        let connection = try PostgresConnection(server.connectionString)
        try connection.execute("CREATE DATABASE \(name)")
        return "postgresql://pushboard@127.0.0.1:\(server.port)/\(name)"
    }

    let port: Int
    private let directory: String
    private let binaries: String

    /// The libpq connection string of the server's `pushboard` database.
    var connectionString: String {
        "postgresql://pushboard@127.0.0.1:\(port)/pushboard"
    }

    /// Initialises and starts a server; throws with the tools' own output when it cannot.
    init() throws {
        guard let binaries = Self.binaryDirectory() else {
            throw Failure(
                description: "PostgreSQL is not installed (scripts/install-deps.sh test installs it)")
        }
        self.binaries = binaries
        directory = "/tmp/pushboard-pg-\(UUID().uuidString.prefix(8))"
        port = try Self.freePort()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if getuid() == 0 {
            try Self.run("/bin/chown", ["postgres:postgres", directory], asPostgres: false)
        }
        let data = directory + "/data"
        try Self.run(
            binaries + "/initdb",
            ["-D", data, "-U", "pushboard", "-A", "trust", "-E", "UTF8", "--no-sync", "--locale=C"])
        let options =
            "-c listen_addresses=127.0.0.1 -p \(port) -k \(directory) -c fsync=off -c max_connections=100"
        try Self.run(
            binaries + "/pg_ctl",
            ["-D", data, "-o", options, "-l", directory + "/log", "-w", "-t", "30", "start"])
        try Self.run(
            binaries + "/createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "pushboard", "pushboard"])
    }

    deinit {
        stopImmediately()
    }

    /// Stops the server at once and removes its files.
    func stopImmediately() {
        try? Self.run(binaries + "/pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Stops the server (fast shutdown: sessions are ended, as in a restart).
    func stop() throws {
        try Self.run(binaries + "/pg_ctl", ["-D", directory + "/data", "-m", "fast", "-w", "stop"])
    }

    /// Starts the stopped server again on the same port.
    func start() throws {
        let options =
            "-c listen_addresses=127.0.0.1 -p \(port) -k \(directory) -c fsync=off -c max_connections=100"
        try Self.run(
            binaries + "/pg_ctl",
            ["-D", directory + "/data", "-o", options, "-l", directory + "/log", "-w", "-t", "30", "start"])
    }

    private static func binaryDirectory() -> String? {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.sorted { Int($0) ?? 0 > Int($1) ?? 0 }
            .map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }

    /// A TCP port on 127.0.0.1 that was free a moment ago.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(socket, socketAddress, length) == 0 && getsockname(socket, socketAddress, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "bind() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs a PostgreSQL tool (as `postgres` under root) and throws with its output on failure.
    ///
    /// `posix_spawn` and `waitpid`, not Foundation's `Process`: `pg_ctl start` leaves a server
    /// running in the background, and `Process.waitUntilExit` was seen to wait forever after it.
    private static func run(_ tool: String, _ arguments: [String], asPostgres: Bool = true) throws {
        let command =
            asPostgres && getuid() == 0
            ? ["/usr/sbin/runuser", "-u", "postgres", "--", tool] + arguments : [tool] + arguments
        let outputPath = "/tmp/pushboard-pg-tool-\(UUID().uuidString.prefix(8)).log"
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let arguments = command.map { strdup($0) } + [nil]
        defer {
            for argument in arguments { free(argument) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, arguments, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run \(command[0]): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7f) == 0
        let code = (status >> 8) & 0xff
        guard exited && code == 0 else {
            let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            throw Failure(
                description: "\((tool as NSString).lastPathComponent) failed (\(status)): \(output)")
        }
    }
}
