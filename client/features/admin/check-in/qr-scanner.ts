// Reads QR codes from the camera: the browser's BarcodeDetector where it has one (Chrome on Android),
// else jsQR on the video's frames. jsQR is loaded here only, when the camera starts, so it is a
// chunk of its own that no other screen downloads.

/** The first QR code's text in the current frame of `video`, or null. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

export async function frameReader(): Promise<FrameReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (Detector !== undefined) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    if (context === null || video.videoWidth === 0) return Promise.resolve(null);
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return Promise.resolve(jsQR(image.data, image.width, image.height)?.data ?? null);
  };
}
