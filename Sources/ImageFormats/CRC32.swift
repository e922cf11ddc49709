/// CRC-32 (ISO 3309, the one PNG chunks carry), computed with a 256-entry table.
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    /// The checksum of `bytes`.
    public static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}
