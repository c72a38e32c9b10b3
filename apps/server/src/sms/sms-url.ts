/**
 * SMS_URL for Twilio: `twilio://<account SID>:<auth token>@api.twilio.com?from=<E.164 number>`
 * (or `?messagingServiceSid=MG…` instead of `from`). Answers what is wrong with it, or its settings.
 */
export function twilioSettings(
  smsUrl: string,
):
  | { accountSid: string; authToken: string; from: string | null; messagingServiceSid: string | null }
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
  return {
    accountSid,
    authToken,
    from: from === null ? null : `+${from.trim().replace(/^\+/, '')}`,
    messagingServiceSid,
  };
}
