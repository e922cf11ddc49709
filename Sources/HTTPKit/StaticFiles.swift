import Foundation

/// Serves the files of a `Public/` directory under a URL prefix such as `/static/`.
///
/// Every file is read once, at start, into memory (Public/ is small), so serving is a dictionary
/// lookup: nothing outside the directory can be reached, because only files whose real path (symlinks
/// resolved) lies inside it are loaded. Request paths are still checked strictly and answered 400
/// for `..`, backslashes, NUL and undecodable escapes, each decoded exactly once.
public struct StaticFiles: Sendable {
    /// One loaded file.
    struct File: Sendable {
        let body: [UInt8]
        let contentType: String
        let etag: String
    }

    /// The URL prefix the files are served under, starting and ending with `/`.
    public let urlPrefix: String
    /// The `Cache-Control` value sent with every file and every 304.
    public let cacheControl: String
    private let files: [String: File]

    /// Loads every regular, non-hidden file under `directory`. Files (or symlinks) whose real path is
    /// outside the directory are skipped. A missing directory is an error, so a misconfigured server
    /// fails at start instead of answering 404 for its own stylesheet.
    public init(
        directory: String,
        urlPrefix: String = "/static/",
        cacheControl: String = "public, max-age=300"
    ) throws {
        let contents = try Self.contents(ofDirectory: directory)
        self.init(files: contents, urlPrefix: urlPrefix, cacheControl: cacheControl)
    }

    /// Every regular, non-hidden file under `directory` by its path relative to it, skipping files
    /// (or symlinks) whose real path lies outside the directory, so a link cannot publish a file
    /// from elsewhere. A missing directory is an error.
    public static func contents(ofDirectory directory: String) throws -> [String: [UInt8]] {
        guard let root = realPath(directory) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: directory])
        }
        var contents: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                let real = realPath(root + "/" + relative),
                real.hasPrefix(root + "/"),
                isRegularFile(real),
                let data = FileManager.default.contents(atPath: real)
            else { continue }
            contents[relative] = [UInt8](data)
        }
        return contents
    }

    /// Serves files given as bytes keyed by their path below the prefix (`pushboard.css`,
    /// `fonts/inter.woff2`): the copy embedded in the program.
    public init(
        files contents: [String: [UInt8]],
        urlPrefix: String = "/static/",
        cacheControl: String = "public, max-age=300"
    ) {
        self.urlPrefix = urlPrefix.hasSuffix("/") ? urlPrefix : urlPrefix + "/"
        self.cacheControl = cacheControl
        var files: [String: File] = [:]
        for (path, body) in contents {
            files[path] = File(
                body: body, contentType: ContentTypes.type(forPath: path), etag: Self.entityTag(of: body))
        }
        self.files = files
    }

    /// The relative paths of the loaded files, sorted, for diagnostics and tests.
    public var loadedPaths: [String] { files.keys.sorted() }

    /// Answers a `GET` or `HEAD` for a file under the prefix: 200 with the file, 304 when
    /// `If-None-Match` names its ETag, 404 when there is no such file, 400 for a path that tries to
    /// leave the directory or cannot be decoded.
    public func serve(_ request: Request) throws(HTTPError) -> Response {
        guard request.path.hasPrefix(urlPrefix) else { throw .notFound() }
        let relative = try Self.checkedRelativePath(request.path.utf8.dropFirst(urlPrefix.utf8.count))
        guard let file = files[relative] else { throw .notFound() }
        var headers: HTTPHeaders = ["ETag": file.etag, "Cache-Control": cacheControl]
        if let condition = request.headers["If-None-Match"], Self.condition(condition, matches: file.etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers.add(name: "Content-Type", value: file.contentType)
        return Response(status: .ok, headers: headers, body: file.body)
    }

    /// Decodes the part after the prefix once and refuses anything that could name another directory.
    /// The checks run on bytes: they are the hot path of every static request.
    static func checkedRelativePath(_ raw: Substring.UTF8View) throws(HTTPError) -> String {
        let bytes: [UInt8]
        switch PercentDecoding.bytes(of: raw, plusIsSpace: false) {
        case .success(let decoded): bytes = decoded
        case .failure(let failure): throw HTTPError(.staticPath, message: "The file path \(failure).")
        }
        guard !bytes.isEmpty else { throw .notFound() }
        guard !bytes.contains(0), !bytes.contains(UInt8(ascii: "\\")) else {
            throw HTTPError(.staticPath, message: "The file path contains a forbidden character.")
        }
        let dot = UInt8(ascii: ".")
        for segment in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        where segment.isEmpty || segment.elementsEqual([dot]) || segment.elementsEqual([dot, dot]) {
            throw HTTPError(
                .staticPath, message: "The file path must not contain empty, \".\" or \"..\" segments.")
        }
        guard let path = String(validating: bytes, as: UTF8.self) else {
            throw HTTPError(.staticPath, message: "The file path \(PercentDecoding.Failure.invalidUTF8).")
        }
        return path
    }

    /// `If-None-Match` uses the weak comparison (RFC 9110 §13.1.2): `W/` prefixes are ignored.
    static func condition(_ header: String, matches etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingASCIIWhitespace()
            let opaque = tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
            return opaque == "*" || opaque == etag[...]
        }
    }

    /// A strong ETag from the content (64-bit FNV-1a and the length): it changes whenever the bytes do
    /// and is the same on every start, so browser caches survive restarts.
    static func entityTag(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"\(String(repeating: "0", count: 16 - hex.count))\(hex)-\(String(bytes.count, radix: 16))\""
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}
