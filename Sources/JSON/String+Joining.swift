extension String {
    /// The text of `first`, `second`, `third` and `fourth` one after the other, made in one
    /// allocation.
    ///
    /// `+` and interpolation append part by part through the general `String` append, several
    /// hundred instructions a part; diagnostics build a path and a message this way for nearly
    /// every payload of a `validate --jsonl` file, so the paths (`JSONPath`) and the most
    /// frequent messages are joined here instead. Same text as `first + second + third + fourth`.
    public init(joining first: String, _ second: String, _ third: String = "", _ fourth: String = "") {
        let count = first.utf8.count + second.utf8.count + third.utf8.count + fourth.utf8.count
        var parts = (first, second, third, fourth)
        self = parts.0.withUTF8 { first in
            parts.1.withUTF8 { second in
                parts.2.withUTF8 { third in
                    parts.3.withUTF8 { fourth in
                        String(unsafeUninitializedCapacity: count) { buffer in
                            var written = 0
                            func copy(_ part: UnsafeBufferPointer<UInt8>) {
                                guard !part.isEmpty else { return }
                                _ = UnsafeMutableBufferPointer(rebasing: buffer[written...]).initialize(
                                    fromContentsOf: part)
                                written += part.count
                            }
                            copy(first)
                            copy(second)
                            copy(third)
                            copy(fourth)
                            return written
                        }
                    }
                }
            }
        }
    }
}
