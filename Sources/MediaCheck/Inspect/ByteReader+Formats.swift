/// The header layouts of the image formats whose size the check reads.
extension ByteReader {
    /// JPEG: walk the marker segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG, DAC).
    func jpeg() -> ImageFacts? {
        var offset = 2
        while let marker = byte(offset) {
            guard marker == 0xFF, var code = byte(offset + 1) else { return nil }
            while code == 0xFF {  // fill bytes
                offset += 1
                guard let next = byte(offset + 1) else { return nil }
                code = next
            }
            if code == 0x01 || (0xD0...0xD8).contains(code) {
                offset += 2
                continue
            }
            guard code != 0xD9, code != 0xDA, let length = bigEndian(offset + 2, 2), length >= 2 else {
                return nil
            }
            if (0xC0...0xCF).contains(code) && ![0xC4, 0xC8, 0xCC].contains(code) {
                guard let height = bigEndian(offset + 5, 2), let width = bigEndian(offset + 7, 2) else {
                    return nil
                }
                return ImageFacts(width: width, height: height)
            }
            offset += 2 + length
        }
        return nil
    }

    /// GIF: the logical screen size, and the frames counted by walking every block to the trailer.
    func gif() -> ImageFacts? {
        guard let width = littleEndian(6, 2), let height = littleEndian(8, 2), let flags = byte(10) else {
            return nil
        }
        var offset = 13 + (flags & 0x80 != 0 ? 3 << ((flags & 0x07) + 1) : 0)
        var frames = 0
        func skipSubBlocks() -> Bool {
            while let size = byte(offset) {
                offset += 1 + size
                if size == 0 { return true }
            }
            return false
        }
        loop: while let introducer = byte(offset) {
            switch introducer {
            case 0x21:  // extension: label, then data sub-blocks
                offset += 2
                guard skipSubBlocks() else { break loop }
            case 0x2C:  // image descriptor, optional local colour table, LZW size, data
                guard let local = byte(offset + 9) else { break loop }
                offset += 10 + (local & 0x80 != 0 ? 3 << ((local & 0x07) + 1) : 0) + 1
                guard skipSubBlocks() else { break loop }
                frames += 1
            default:  // 0x3B trailer, or garbage: stop counting
                break loop
            }
        }
        return ImageFacts(width: width, height: height, frames: max(frames, 1))
    }

    /// WebP: the lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`) header.
    func webp() -> ImageFacts? {
        switch text(12, 4) {
        case "VP8 ":
            guard bigEndian(23, 3) == 0x9D012A, let width = littleEndian(26, 2),
                let height = littleEndian(28, 2)
            else { return nil }
            return ImageFacts(width: width & 0x3FFF, height: height & 0x3FFF)
        case "VP8L":
            guard byte(20) == 0x2F, let bits = littleEndian(21, 4) else { return nil }
            return ImageFacts(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard let width = littleEndian(24, 3), let height = littleEndian(27, 3) else { return nil }
            return ImageFacts(width: width + 1, height: height + 1)
        default:
            return nil
        }
    }

    /// HEIC: the largest `ispe` (image spatial extent) property in `meta/iprp/ipco`, which is the
    /// primary image rather than a thumbnail.
    func heic() -> ImageFacts? {
        guard let metaBox = box("meta", in: 0..<bytes.count), metaBox.count >= 4,
            case let meta = (metaBox.lowerBound + 4)..<metaBox.upperBound, let iprp = box("iprp", in: meta),
            let ipco = box("ipco", in: iprp)
        else { return nil }
        var best: ImageFacts?
        var offset = ipco.lowerBound
        while offset + 8 <= ipco.upperBound, let size = bigEndian(offset, 4), size >= 8 {
            if text(offset + 4, 4) == "ispe", let width = bigEndian(offset + 12, 4),
                let height = bigEndian(offset + 16, 4),
                Double(width) * Double(height) > best.map({ Double($0.width) * Double($0.height) }) ?? 0
            {
                best = ImageFacts(width: width, height: height)
            }
            offset += size
        }
        return best
    }

    /// MP4 and QuickTime: the presentation size (16.16 fixed point) in the first `tkhd` of
    /// `moov/trak` that has one, which is the video track (audio tracks have 0 × 0).
    func movieTrack() -> ImageFacts? {
        guard let moov = box("moov", in: 0..<bytes.count) else { return nil }
        var offset = moov.lowerBound
        while offset + 8 <= moov.upperBound, let size = bigEndian(offset, 4), size >= 8 {
            if text(offset + 4, 4) == "trak",
                let tkhd = box("tkhd", in: (offset + 8)..<min(offset + size, moov.upperBound)),
                let version = byte(tkhd.lowerBound)
            {
                let start = tkhd.lowerBound + (version == 1 ? 88 : 76)
                if let width = bigEndian(start, 4), let height = bigEndian(start + 4, 4), width >> 16 > 0,
                    height >> 16 > 0
                {
                    return ImageFacts(width: width >> 16, height: height >> 16)
                }
            }
            offset += size
        }
        return nil
    }

    /// The payload range of the first box of `type` directly inside `range`.
    private func box(_ type: String, in range: Range<Int>) -> Range<Int>? {
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound, let size = bigEndian(offset, 4), size >= 8 {
            if text(offset + 4, 4) == type { return (offset + 8)..<min(offset + size, range.upperBound) }
            offset += size
        }
        return nil
    }
}
