import Concurrency
import Cryptography

/// The image copies the preview shows, kept in memory by content hash, within a byte budget:
/// the oldest copies go first. Only raster types a browser draws safely are ever stored, so the
/// route that serves them can give a fixed `Content-Type` and never hand out markup.
public final class ImageCache: Sendable {
    /// One stored copy.
    public struct Entry: Sendable {
        /// The sniffed type (JPEG, PNG or GIF).
        public let type: MediaType
        /// The file's bytes.
        public let bytes: [UInt8]
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var order: [String] = []
        var total = 0
    }

    private let capacity: Int
    private let state = Locked(State())

    /// A cache holding at most `capacity` bytes of images.
    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// Stores `bytes` as `type` and returns its digest; nil for a type that may not be served
    /// or a file larger than the whole cache.
    @discardableResult
    public func store(_ bytes: [UInt8], as type: MediaType) -> String? {
        guard type.isServableRaster, !bytes.isEmpty, bytes.count <= capacity,
            MediaSniffer.sniff(Array(bytes.prefix(MediaSniffer.prefixLength))) == type
        else { return nil }
        let digest = Sodium.sha256Hex(bytes)
        state.withLock { state in
            guard state.entries[digest] == nil else { return }
            while state.total + bytes.count > capacity, !state.order.isEmpty {
                let oldest = state.order.removeFirst()
                state.total -= state.entries.removeValue(forKey: oldest)?.bytes.count ?? 0
            }
            state.entries[digest] = Entry(type: type, bytes: bytes)
            state.order.append(digest)
            state.total += bytes.count
        }
        return digest
    }

    /// The copy named `digest`, if it is still kept.
    public func entry(_ digest: String) -> Entry? {
        state.withLock { $0.entries[digest] }
    }

    /// Bytes kept now (for tests of the budget).
    public var storedBytes: Int { state.withLock { $0.total } }
}
