/**
 * SMS_URL for Twilio: `twilio://<account SID>:<auth token>@api.twilio.com?from=<E.164 number>`
 * (or `?messagingServiceSid=MG…` instead of `from`), and `&whatsappFrom=<E.164 number>` for order
 * updates on WhatsApp through Twilio's WhatsApp sender (ADR 0082). Answers what is wrong with it, or
 * its settings.
 */
export function twilioSettings(smsUrl: string):
  | {
      accountSid: string;
      authToken: string;
      from: string | null;
      messagingServiceSid: string | null;
      whatsappFrom: string | null;
    }
  | string {
  let url: URL;
  try {
    url = new URL(smsUrl);
  } catch {
    return 'must be a URL such as twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com?from=%2B14155550100';
  }
  if (url.protocol !== 'twilio:') return 'must be a twilio:// URL (the SMS provider this server supports)';
  const accountSid = decodeURIComponent(url.username);
  const authToken = decodeURIComponent(url.password);
  if (!/^AC[0-9a-fA-F]{32}$/.test(accountSid)) return 'must carry the Twilio account SID (AC…) as its user';
  if (authToken === '') return 'must carry the Twilio auth token as its password';
  const from = url.searchParams.get('from');
  const messagingServiceSid = url.searchParams.get('messagingServiceSid');
  if (from !== null && !/^\+?\d{6,15}$/.test(from.trim()))
    return 'from= must be the sending number in E.164 form, e.g. %2B14155550100';
  if (from === null && messagingServiceSid === null)
    return 'must name the sender: from= or messagingServiceSid=';
  const whatsappFrom = url.searchParams.get('whatsappFrom');
  if (whatsappFrom !== null && !/^\+?\d{6,15}$/.test(whatsappFrom.trim()))
    return 'whatsappFrom= must be the WhatsApp sender’s number in E.164 form, e.g. %2B14155238886';
  return {
    accountSid,
    authToken,
    from: from === null ? null : `+${from.trim().replace(/^\+/, '')}`,
    messagingServiceSid,
    whatsappFrom: whatsappFrom === null ? null : `+${whatsappFrom.trim().replace(/^\+/, '')}`,
  };
}
