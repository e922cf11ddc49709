/// Decides whether a media check may connect to an address. A pure function of the address
/// and one switch, so the rule is tested as a table and used the same way for the first URL,
/// every redirect and the socket libcurl is about to open.
public struct AddressGuard: Sendable, Hashable {
    /// Whether loopback and private-network addresses are allowed (`--allow-private-media`).
    public var allowsPrivate: Bool

    /// A guard; by default only public addresses pass.
    public init(allowsPrivate: Bool = false) {
        self.allowsPrivate = allowsPrivate
    }

    /// The class that makes `address` refused, or nil when it may be connected to.
    public func refusal(for address: IPAddress) -> AddressClass? {
        let kind = Self.classify(address)
        if kind == .publicInternet || (allowsPrivate && kind.allowedForTesting) { return nil }
        return kind
    }

    /// The class of an address. IPv4-mapped (`::ffff:a.b.c.d`), IPv4-translated and NAT64
    /// (`64:ff9b::/96`, `64:ff9b:1::/48`) forms are judged by the IPv4 address they carry.
    public static func classify(_ address: IPAddress) -> AddressClass {
        switch address {
        case .v4(let value): classifyIPv4(value)
        case .v6(let bytes): classifyIPv6(bytes, address)
        }
    }

    /// IPv4 ranges from the IANA special-purpose registry (RFC 6890 and successors).
    static func classifyIPv4(_ value: UInt32) -> AddressClass {
        func within(_ prefix: UInt32, _ length: UInt32) -> Bool {
            length == 0 || value >> (32 - length) == prefix >> (32 - length)
        }
        if value == 0xA9FE_A9FE { return .cloudMetadata }
        if value == 0xFFFF_FFFF { return .broadcast }
        let table: [(UInt32, UInt32, AddressClass)] = [
            (0x0000_0000, 8, .unspecified), (0x0A00_0000, 8, .privateNetwork),
            (0x6440_0000, 10, .sharedAddressSpace), (0x7F00_0000, 8, .loopback),
            (0xA9FE_0000, 16, .linkLocal), (0xAC10_0000, 12, .privateNetwork),
            (0xC000_0000, 24, .reserved), (0xC000_0200, 24, .documentation),
            (0xC058_6300, 24, .reserved), (0xC0A8_0000, 16, .privateNetwork),
            (0xC612_0000, 15, .reserved), (0xC633_6400, 24, .documentation),
            (0xCB00_7100, 24, .documentation), (0xE000_0000, 4, .multicast),
            (0xF000_0000, 4, .reserved),
        ]
        return table.first { within($0.0, $0.1) }?.2 ?? .publicInternet
    }

    /// IPv6: only 2000::/3 is global unicast, minus the special blocks inside it.
    static func classifyIPv6(_ bytes: [UInt8], _ address: IPAddress) -> AddressClass {
        func starts(_ prefix: [UInt8], bits: Int) -> Bool {
            for bit in 0..<bits {
                let mask = UInt8(0x80) >> UInt8(bit % 8)
                if bytes[bit / 8] & mask != prefix[bit / 8] & mask { return false }
            }
            return true
        }
        let embedded = address.lastFourBytes ?? 0
        if bytes.allSatisfy({ $0 == 0 }) { return .unspecified }
        if bytes[..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return .loopback }
        let zero80 = bytes[..<10].allSatisfy { $0 == 0 }
        if zero80 && bytes[10] == 0xff && bytes[11] == 0xff { return classifyIPv4(embedded) }
        if bytes[..<8].allSatisfy({ $0 == 0 }) && bytes[8] == 0xff && bytes[9] == 0xff
            && bytes[10] == 0 && bytes[11] == 0
        {
            return classifyIPv4(embedded)
        }
        if starts([0x00, 0x64, 0xff, 0x9b] + Array(repeating: 0, count: 12), bits: 96) {
            let inner = classifyIPv4(embedded)
            return inner == .publicInternet ? .publicInternet : inner
        }
        if starts([0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], bits: 48) {
            let inner = classifyIPv4(embedded)
            return inner == .publicInternet ? .reserved : inner
        }
        if zero80 { return .reserved }  // IPv4-compatible ::a.b.c.d and the rest of ::/80
        if bytes[0] == 0xff { return .multicast }
        if starts([0xfe, 0x80], bits: 10) || starts([0xfe, 0xc0], bits: 10) { return .linkLocal }
        if starts([0xfd, 0x00, 0x0e, 0xc2] + Array(repeating: 0, count: 10) + [0x02, 0x54], bits: 128) {
            return .cloudMetadata
        }
        if starts([0xfc], bits: 7) { return .privateNetwork }
        if starts([0x20, 0x01, 0x0d, 0xb8], bits: 32) || starts([0x3f, 0xff], bits: 20) {
            return .documentation
        }
        if starts([0x20, 0x01, 0x00, 0x00], bits: 23) || starts([0x20, 0x02], bits: 16) {
            return .reserved  // protocol assignments (Teredo, ORCHID…) and 6to4 tunnels
        }
        if !starts([0x20], bits: 3) { return .reserved }
        return .publicInternet
    }
}
