import { QRCode } from 'antd';

/** The app-download QR code of the sign-in frame (login-layout.tsx): loaded only where a region offers the app. */
export default function AppDownloadCode({ url }: { url: string }) {
  return <QRCode value={url} size={112} bordered={false} />;
}
