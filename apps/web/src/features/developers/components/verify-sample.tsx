const nodeSample = `import express from 'express';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.FIPAY_WEBHOOK_SECRET); // whsec_...
const app = express();

// Verify the raw body: parsing it first changes the bytes that were signed.
app.post('/webhooks/fipay', express.raw({ type: 'application/json' }), (req, res) => {
  try {
    const event = webhook.verify(req.body.toString('utf8'), req.headers);
    // The same webhook-id may arrive more than once: handle each id once.
    console.log(event.id, event.type, event.data.object);
    res.sendStatus(204);
  } catch {
    res.sendStatus(400);
  }
});

app.listen(4000);`;

const curlSample = `# Sign and send a test delivery to your receiver by hand (what FiPay sends):
id=evt_test; ts=$(date +%s); body='{"id":"evt_test","type":"ping"}'
key=$(printf '%s' "\${FIPAY_WEBHOOK_SECRET#whsec_}" | base64 -d | xxd -p -c 256)
sig=$(printf '%s' "$id.$ts.$body" | openssl dgst -sha256 -mac HMAC -macopt hexkey:$key -binary | base64)
curl -X POST http://localhost:4000/webhooks/fipay \\
  -H 'content-type: application/json' \\
  -H "webhook-id: $id" -H "webhook-timestamp: $ts" -H "webhook-signature: v1,$sig" \\
  -d "$body"`;

/** How to check a delivery's signature: Standard Webhooks, so any of its libraries does it. */
export function VerifySample() {
  return (
    <details className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">Verify signatures in your code</summary>
      <div className="mt-3 space-y-3 text-sm text-slate-600">
        <p>
          Every delivery carries <code className="font-mono text-xs">webhook-id</code>, <code className="font-mono text-xs">webhook-timestamp</code> and{' '}
          <code className="font-mono text-xs">webhook-signature</code> headers as the Standard Webhooks specification defines them. Refuse a request
          whose signature does not verify or whose timestamp is more than five minutes old.
        </p>
        <p className="font-medium text-slate-800">Node (npm install standardwebhooks)</p>
        <pre className="overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs text-slate-100">{nodeSample}</pre>
        <p className="font-medium text-slate-800">curl</p>
        <pre className="overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs text-slate-100">{curlSample}</pre>
      </div>
    </details>
  );
}
