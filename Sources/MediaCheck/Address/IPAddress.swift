/// An IPv4 or IPv6 address as its network-order bytes: the one value the address guard judges
/// and the transfer pins, so what was checked and what is connected to can be compared exactly.
public enum IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// An IPv4 address, most significant byte first.
    case v4(UInt32)
    /// An IPv6 address, 16 bytes in network order.
    case v6([UInt8])

    /// The address a host text names when it is a literal, or nil for a name to resolve.
    ///
    /// IPv4 is read the way `inet_aton` (and so libcurl and `getaddrinfo`) reads it: one to four
    /// parts, each decimal, octal (`0177`) or hexadecimal (`0x7f`), the last part filling the
    /// remaining bytes, so `2130706433`, `0177.0.0.1` and `127.1` all mean 127.0.0.1 and cannot
    /// slip past the guard as "names". IPv6 may be in brackets; a zone (`%eth0`) is kept out.
    public init?(literal text: String) {
        var host = Substring(text)
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = host.dropFirst().dropLast()
            guard let bytes = Self.parseIPv6(host) else { return nil }
            self = .v6(bytes)
            return
        }
        if host.contains(":") {
            guard let bytes = Self.parseIPv6(host) else { return nil }
            self = .v6(bytes)
            return
        }
        guard let value = Self.parseIPv4(host) else { return nil }
        self = .v4(value)
    }

    /// The address as it goes into a URL authority or a `host:port:address` pin.
    public var description: String {
        switch self {
        case .v4(let value):
            return (0..<4).map { String((value >> (24 - 8 * UInt32($0))) & 0xff) }.joined(separator: ".")
        case .v6(let bytes):
            let groups = stride(from: 0, to: 16, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return Self.compressed(groups)
        }
    }

    /// The embedded IPv4 address of an IPv6 address in the last four bytes.
    var lastFourBytes: UInt32? {
        guard case .v6(let bytes) = self else { return nil }
        return bytes[12...].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    /// `inet_aton`'s forms: `a`, `a.b` (8.24 bits), `a.b.c` (8.8.16), `a.b.c.d`.
    static func parseIPv4(_ text: Substring) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = parseNumber(part) else { return nil }
            numbers.append(number)
        }
        var value: UInt64 = 0
        for (index, number) in numbers.enumerated() {
            let isLast = index == numbers.count - 1
            let bits = isLast ? UInt64(8 * (4 - index)) : 8
            guard number < (UInt64(1) << bits) else { return nil }
            value = isLast ? value << bits | number : value << 8 | number
        }
        return UInt32(value)
    }

    /// One part: `0x`/`0X` hexadecimal, a leading `0` octal, otherwise decimal.
    private static func parseNumber(_ part: Substring) -> UInt64? {
        guard !part.isEmpty, part.count <= 12 else { return nil }
        let lower = part.lowercased()
        if lower.hasPrefix("0x") {
            let digits = lower.dropFirst(2)
            return digits.isEmpty ? 0 : UInt64(digits, radix: 16)
        }
        if lower.count > 1 && lower.hasPrefix("0") {
            return UInt64(lower.dropFirst(), radix: 8)
        }
        return UInt64(lower, radix: 10)
    }

    /// Eight groups with at most one `::`, optionally ending in a dotted IPv4 address.
    static func parseIPv6(_ text: Substring) -> [UInt8]? {
        guard !text.isEmpty, !text.contains("%"), text.count <= 45 else { return nil }
        let halves = splitAtDoubleColon(String(text))
        guard halves.count <= 2 else { return nil }
        func groups(_ half: String) -> [UInt16]? {
            if half.isEmpty { return [] }
            var result: [UInt16] = []
            let pieces = half.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains(".") {
                    guard piece.split(separator: ".").count == 4,
                        piece.allSatisfy({ $0.isNumber || $0 == "." }),
                        let value = parseIPv4(piece)
                    else { return nil }
                    result += [UInt16(value >> 16), UInt16(value & 0xffff)]
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else {
                        return nil
                    }
                    result.append(value)
                }
            }
            return result
        }
        guard let head = groups(halves[0]) else { return nil }
        var all = head
        if halves.count == 2 {
            guard let tail = groups(halves[1]), head.count + tail.count <= 7 else { return nil }
            all += Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        }
        guard all.count == 8 else { return nil }
        return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] }
    }

    /// The text around each `::`; more than two pieces means the address is malformed.
    private static func splitAtDoubleColon(_ text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var previousWasColon = false
        for character in text {
            if character == ":" && previousWasColon {
                current.removeLast()
                pieces.append(current)
                current = ""
                previousWasColon = false
                continue
            }
            current.append(character)
            previousWasColon = character == ":"
        }
        pieces.append(current)
        return pieces
    }

    /// RFC 5952 text: lowercase, the longest run of two or more zero groups as `::`.
    private static func compressed(_ groups: [UInt16]) -> String {
        var best = (start: -1, length: 0)
        var index = 0
        while index < 8 {
            guard groups[index] == 0 else {
                index += 1
                continue
            }
            let start = index
            while index < 8 && groups[index] == 0 { index += 1 }
            if index - start > best.length && index - start > 1 { best = (start, index - start) }
        }
        let hex = groups.map { String($0, radix: 16) }
        guard best.start >= 0 else { return hex.joined(separator: ":") }
        let head = hex[..<best.start].joined(separator: ":")
        let tail = hex[(best.start + best.length)...].joined(separator: ":")
        return head + "::" + tail
    }
}
