/// What kind of network an address belongs to, as far as fetching media is concerned. Only
/// `.publicInternet` is fetched by default; `--allow-private-media` adds the classes whose
/// `allowedForTesting` is true (a test server on loopback, a staging host on a LAN).
public enum AddressClass: String, Sendable, Hashable, CaseIterable {
    /// A globally routable unicast address.
    case publicInternet = "public"
    /// 127.0.0.0/8, ::1: this machine.
    case loopback
    /// 10/8, 172.16/12, 192.168/16 (RFC 1918) and fc00::/7 unique local addresses.
    case privateNetwork = "private"
    /// 100.64.0.0/10, the carrier-grade NAT shared space (RFC 6598).
    case sharedAddressSpace = "shared"
    /// 169.254.0.0/16 and fe80::/10 (and the deprecated fec0::/10 site-local).
    case linkLocal = "link-local"
    /// 169.254.169.254 and fd00:ec2::254: where cloud hosts hand out their credentials.
    case cloudMetadata = "metadata"
    /// 224.0.0.0/4 and ff00::/8.
    case multicast
    /// 0.0.0.0/8 and ::, which connect to this machine on most systems.
    case unspecified
    /// 255.255.255.255.
    case broadcast
    /// 192.0.2/24, 198.51.100/24, 203.0.113/24 and 2001:db8::/32 (documentation examples).
    case documentation
    /// Everything else that is not public: benchmarking, protocol assignments, 240/4, 6to4 and
    /// Teredo tunnels, IPv6 outside 2000::/3, IPv4-compatible forms.
    case reserved

    /// Whether `--allow-private-media` lets a check reach this class. Link-local, metadata,
    /// multicast, unspecified and the rest stay refused even then.
    public var allowedForTesting: Bool {
        self == .loopback || self == .privateNetwork
    }

    /// Words for a message: "a loopback address".
    public var phrase: String {
        switch self {
        case .publicInternet: "a public address"
        case .loopback: "a loopback address"
        case .privateNetwork: "a private-network address"
        case .sharedAddressSpace: "a carrier-grade NAT address"
        case .linkLocal: "a link-local address"
        case .cloudMetadata: "the cloud metadata address"
        case .multicast: "a multicast address"
        case .unspecified: "the unspecified address"
        case .broadcast: "the broadcast address"
        case .documentation: "a documentation-only address"
        case .reserved: "a reserved address"
        }
    }
}
