/// Finds a header value that libmicrohttpd 0.9.75 cut short at a NUL byte.
///
/// libmicrohttpd parses the head in place: it writes NUL over each line end (and over the colon)
/// and reports every value with `strlen`, so `X-Note: ab\0cd` reaches the access handler as `ab`
/// and the rest of the line is silently dropped. This version has no setting that refuses such a
/// head (`MHD_OPTION_CLIENT_DISCIPLINE_LVL` came in 0.9.77; `MHD_OPTION_STRICT_FOR_CLIENT` lets it
/// through), and comparing the reported length with `strlen` finds nothing, because the reported
/// length *is* `strlen`. What does show it is the head itself: between the end of one value and
/// the start of the next header's name, and after the last value up to the end of the head,
/// libmicrohttpd leaves only the NULs it wrote over the line ends. Any other byte there is what it
/// cut off (a value's rest after a NUL, or an obsolete folded continuation line, which RFC 9112
/// also allows refusing with 400).
///
/// A folded line shows differently: libmicrohttpd rebuilds such a header in memory outside the
/// head (the name glued to the next line's text), so a field that does not lie inside the head,
/// in order, is refused too. The scan reads only inside `head` (the request head as
/// libmicrohttpd holds it: from the method for `MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE` bytes).
struct HeaderValueCut {
    /// The head bytes, line ends already overwritten with NUL by libmicrohttpd.
    let head: UnsafeRawBufferPointer
    /// Where the last value seen ended (an offset into `head`) and its header's name.
    private var previous: (end: Int, name: String)?
    /// False when libmicrohttpd reported no head: nothing is checked then.
    private let known: Bool
    /// The name of the first header whose value was cut, once found.
    private(set) var cutName: String?

    /// A scan of `head`; feed it every header in order with `field`, then call `finish`.
    init(head: UnsafeRawBufferPointer) {
        self.head = head
        self.known = head.baseAddress != nil && !head.isEmpty
    }

    /// One header as libmicrohttpd reported it: where its name starts and where its value ends.
    mutating func field(name: String, nameStart: UnsafeRawPointer, valueEnd: UnsafeRawPointer) {
        guard known, cutName == nil else { return }
        guard let start = offset(of: nameStart), let end = offset(of: valueEnd), start <= end,
            (previous?.end ?? 0) <= start
        else {
            cutName = name
            return
        }
        if let previous, !onlyNUL(previous.end..<start) {
            cutName = previous.name
            return
        }
        previous = (end, name)
    }

    /// Checks the rest of the head after the last value.
    mutating func finish() {
        guard known, cutName == nil, let previous else { return }
        if !onlyNUL(previous.end..<head.count) { cutName = previous.name }
    }

    private func offset(of pointer: UnsafeRawPointer) -> Int? {
        guard let base = head.baseAddress else { return nil }
        let distance = base.distance(to: pointer)
        return (0...head.count).contains(distance) ? distance : nil
    }

    private func onlyNUL(_ range: Range<Int>) -> Bool {
        !head[range].contains(where: { $0 != 0 })
    }
}
