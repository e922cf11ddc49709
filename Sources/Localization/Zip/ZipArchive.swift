/// The files of a zip archive (a folder of `*.lproj` zipped by Finder, `zip -r`, or Xcode's
/// export), read in Swift: the central directory, each entry stored (method 0) or deflated
/// (method 8, `Inflater`), its CRC-32 checked. Encrypted entries, ZIP64 and other methods are
/// refused with what the entry is; nothing is read outside the archive's bytes.
public enum ZipArchive {
    /// Why an archive was refused.
    public struct Fault: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// At most this many entries, and this many bytes inflated in all.
    public static let maximumEntries = 10_000
    public static let maximumInflatedBytes = 64 << 20

    /// Every file of `archive` (folders, macOS resource forks under `__MACOSX/` and `._` files
    /// left out) as its path in the archive and its bytes, in the central directory's order.
    public static func files(_ archive: [UInt8]) throws(Fault) -> [(path: String, bytes: [UInt8])] {
        let end = try endOfCentralDirectory(archive)
        let count = Int(uint16(archive, end + 10))
        var offset = Int(uint32(archive, end + 16))
        guard count <= maximumEntries else {
            throw Fault(message: "the archive has more than \(maximumEntries) entries")
        }
        var files: [(path: String, bytes: [UInt8])] = []
        var inflated = 0
        for _ in 0..<count {
            guard offset + 46 <= archive.count, uint32(archive, offset) == 0x0201_4b50 else {
                throw Fault(message: "the central directory is damaged at byte \(offset)")
            }
            let flags = uint16(archive, offset + 8)
            let method = uint16(archive, offset + 10)
            let crc = uint32(archive, offset + 16)
            let compressed = Int(uint32(archive, offset + 20))
            let size = Int(uint32(archive, offset + 24))
            let nameLength = Int(uint16(archive, offset + 28))
            let extraLength = Int(uint16(archive, offset + 30))
            let commentLength = Int(uint16(archive, offset + 32))
            let local = Int(uint32(archive, offset + 42))
            guard offset + 46 + nameLength <= archive.count else {
                throw Fault(message: "an entry's name is cut off")
            }
            let path = String(decoding: archive[offset + 46..<offset + 46 + nameLength], as: UTF8.self)
            offset += 46 + nameLength + extraLength + commentLength
            if path.hasSuffix("/") || path.hasPrefix("__MACOSX/")
                || path.split(separator: "/").last?.hasPrefix("._") == true
            {
                continue
            }
            guard flags & 1 == 0 else { throw Fault(message: "\(path) is encrypted") }
            guard compressed != 0xFFFF_FFFF, size != 0xFFFF_FFFF, local != 0xFFFF_FFFF else {
                throw Fault(message: "\(path) needs ZIP64, which is not read")
            }
            inflated += size
            guard inflated <= maximumInflatedBytes else {
                throw Fault(message: "the archive inflates to more than \(maximumInflatedBytes >> 20) MiB")
            }
            let data = try entryData(archive, local: local, compressed: compressed, path: path)
            let bytes: [UInt8]
            switch method {
            case 0: bytes = data
            case 8:
                do {
                    bytes = try Inflater.inflate(data, limit: size)
                } catch {
                    throw Fault(message: "\(path) does not inflate (\(error))")
                }
            default:
                throw Fault(
                    message: "\(path) is compressed with method \(method); only stored and deflated are read")
            }
            guard bytes.count == size, CRC32.checksum(bytes) == crc else {
                throw Fault(message: "\(path) is damaged (its size or CRC-32 does not match)")
            }
            files.append((path, bytes))
        }
        return files
    }

    private static func endOfCentralDirectory(_ archive: [UInt8]) throws(Fault) -> Int {
        guard archive.count >= 22 else { throw Fault(message: "this is not a zip archive (too short)") }
        let lowest = max(0, archive.count - 22 - 0xFFFF)
        var index = archive.count - 22
        while index >= lowest {
            if uint32(archive, index) == 0x0605_4b50 {
                let directory = Int(uint32(archive, index + 16)) + Int(uint32(archive, index + 12))
                guard directory <= index else {
                    throw Fault(message: "the central directory lies outside the archive")
                }
                return index
            }
            index -= 1
        }
        throw Fault(message: "this is not a zip archive (no end of central directory)")
    }

    private static func entryData(_ archive: [UInt8], local: Int, compressed: Int, path: String) throws(Fault)
        -> [UInt8]
    {
        guard local + 30 <= archive.count, uint32(archive, local) == 0x0403_4b50 else {
            throw Fault(message: "\(path)'s local header is damaged")
        }
        let start = local + 30 + Int(uint16(archive, local + 26)) + Int(uint16(archive, local + 28))
        guard start + compressed <= archive.count else { throw Fault(message: "\(path) is cut off") }
        return Array(archive[start..<start + compressed])
    }

    private static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3])
            << 24
    }
}

/// CRC-32 (IEEE 802.3, reflected), as zip records it for each entry.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }
}
