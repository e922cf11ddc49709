import Testing

@testable import MediaCheck

/// The address guard as a table: every refused class in IPv4 and IPv6 spellings, the decimal
/// and octal forms `inet_aton` accepts, and a few public addresses that must pass.
@Suite struct AddressGuardTests {
    static let refused: [(String, AddressClass)] = [
        ("127.0.0.1", .loopback), ("127.255.255.254", .loopback), ("2130706433", .loopback),
        ("0177.0.0.1", .loopback), ("0x7f.0.0.1", .loopback), ("0x7f000001", .loopback),
        ("127.1", .loopback), ("017700000001", .loopback), ("::1", .loopback), ("[::1]", .loopback),
        ("0:0:0:0:0:0:0:1", .loopback), ("::ffff:127.0.0.1", .loopback), ("[::ffff:7f00:1]", .loopback),
        ("::ffff:0:127.0.0.1", .loopback), ("64:ff9b::127.0.0.1", .loopback),
        ("64:ff9b::7f00:1", .loopback), ("64:ff9b:1::7f00:1", .loopback),
        ("10.0.0.1", .privateNetwork), ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork),
        ("192.168.1.1", .privateNetwork), ("3232235777", .privateNetwork), ("fc00::1", .privateNetwork),
        ("fd12:3456::1", .privateNetwork), ("::ffff:10.1.2.3", .privateNetwork),
        ("64:ff9b::c0a8:101", .privateNetwork),
        ("100.64.0.1", .sharedAddressSpace), ("100.127.255.255", .sharedAddressSpace),
        ("169.254.1.1", .linkLocal), ("fe80::1", .linkLocal), ("febf::1", .linkLocal),
        ("fec0::1", .linkLocal),
        ("169.254.169.254", .cloudMetadata), ("2852039166", .cloudMetadata),
        ("0251.0376.0251.0376", .cloudMetadata),
        ("::ffff:169.254.169.254", .cloudMetadata), ("64:ff9b::a9fe:a9fe", .cloudMetadata),
        ("fd00:ec2::254", .cloudMetadata),
        ("224.0.0.1", .multicast), ("239.255.255.250", .multicast), ("ff02::1", .multicast),
        ("ff05::1:3", .multicast), ("::ffff:224.0.0.251", .multicast),
        ("0.0.0.0", .unspecified), ("0", .unspecified), ("0.1.2.3", .unspecified), ("::", .unspecified),
        ("::ffff:0.0.0.0", .unspecified),
        ("255.255.255.255", .broadcast), ("4294967295", .broadcast),
        ("192.0.2.1", .documentation), ("198.51.100.7", .documentation), ("203.0.113.9", .documentation),
        ("2001:db8::1", .documentation),
        ("192.0.0.8", .reserved), ("198.18.0.1", .reserved), ("198.19.255.1", .reserved),
        ("240.0.0.1", .reserved), ("192.88.99.1", .reserved), ("::127.0.0.1", .reserved),
        ("2001::1", .reserved), ("2002:7f00:1::1", .reserved), ("100::1", .reserved), ("4000::1", .reserved),
    ]

    static let accepted = [
        "93.184.216.34", "1.1.1.1", "8.8.8.8", "151.101.1.69", "2606:4700:4700::1111",
        "2a00:1450:4001:82b::200e", "[2001:4860:4860::8888]", "::ffff:8.8.8.8", "64:ff9b::808:808",
        "172.32.0.1", "100.128.0.1", "11.0.0.1",
    ]

    @Test(arguments: refused)
    func refusesEveryNonPublicClass(_ text: String, _ expected: AddressClass) throws {
        let address = try #require(IPAddress(literal: text), "\(text) did not parse")
        #expect(AddressGuard.classify(address) == expected, "\(text)")
        #expect(AddressGuard().refusal(for: address) == expected, "\(text)")
    }

    @Test(arguments: accepted)
    func acceptsPublicAddresses(_ text: String) throws {
        let address = try #require(IPAddress(literal: text), "\(text) did not parse")
        #expect(AddressGuard().refusal(for: address) == nil, "\(text)")
        #expect(AddressGuard(allowsPrivate: true).refusal(for: address) == nil, "\(text)")
    }

    /// `--allow-private-media` opens loopback and private networks only: the metadata
    /// address, link-local, multicast and unspecified stay refused.
    @Test(arguments: refused)
    func testingModeOpensOnlyLoopbackAndPrivate(_ text: String, _ expected: AddressClass) throws {
        let address = try #require(IPAddress(literal: text))
        let refusal = AddressGuard(allowsPrivate: true).refusal(for: address)
        if expected == .loopback || expected == .privateNetwork {
            #expect(refusal == nil, "\(text)")
        } else {
            #expect(refusal == expected, "\(text)")
        }
    }

    @Test(arguments: [
        ("2130706433", "127.0.0.1"), ("0177.0.0.1", "127.0.0.1"), ("127.1", "127.0.0.1"),
        ("0x7f.1", "127.0.0.1"), ("10.1.256", "10.1.1.0"), ("::ffff:127.0.0.1", "::ffff:7f00:1"),
        ("[2001:DB8:0:0:1:0:0:1]", "2001:db8::1:0:0:1"), ("fe80:0:0:0:0:0:0:1", "fe80::1"),
    ])
    func readsEverySpellingOfOneAddress(_ text: String, _ canonical: String) {
        #expect(IPAddress(literal: text)?.description == canonical)
    }

    @Test(arguments: [
        "example.com", "localhost", "1.2.3.4.5", "256.1.1.1", "4294967296", "1.2.3.0x100", "09.1.1.1",
        "1::2::3", "12345::", "fe80::1%eth0", ":::", "1.2.3.4:80", "", "[::1", "0x",
    ])
    func namesAndMalformedLiteralsAreNotAddresses(_ text: String) {
        if text == "0x" {
            // inet_aton reads a bare 0x as 0: it must come out as the unspecified address.
            #expect(IPAddress(literal: text) == .v4(0))
        } else {
            #expect(IPAddress(literal: text) == nil, "\(text)")
        }
    }
}
