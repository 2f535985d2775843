/**
 * Paystack's own published samples, copied verbatim (never written from our reading of the API), for the replay
 * server's answers and the tests' webhook deliveries. Each names its source: Paystack's documentation snippets
 * repository, PaystackOSS/doc-code-snippets at commit 94af513d752dfc9f85dd0718301e7257091eb7f2 (the JSON the
 * API reference at https://paystack.com/docs/api/ and the guides show). Use them through `paystackSample`, which
 * answers a fresh copy; a test changes only the fields that tie a sample to its own objects (ids, references,
 * amounts, statuses).
 */

// POST /transaction/initialize, 200: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/api/transactions/initialize/response.json
const transactionInitialize = {
  "status": true,
  "message": "Authorization URL created",
  "data": {
    "authorization_url": "https://checkout.paystack.com/3ni8kdavz62431k",
    "access_code": "3ni8kdavz62431k",
    "reference": "re4lyvq3s3"
  }
};

// GET /transaction/verify/:reference, 200: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/api/transactions/verify/response.json
const transactionVerify = {
  "status": true,
  "message": "Verification successful",
  "data": {
    "id": 4099260516,
    "domain": "test",
    "status": "success",
    "reference": "re4lyvq3s3",
    "receipt_number": null,
    "amount": 40333,
    "message": null,
    "gateway_response": "Successful",
    "paid_at": "2024-08-22T09:15:02.000Z",
    "created_at": "2024-08-22T09:14:24.000Z",
    "channel": "card",
    "currency": "NGN",
    "ip_address": "197.210.54.33",
    "metadata": "",
    "log": {
      "start_time": 1724318098,
      "time_spent": 4,
      "attempts": 1,
      "errors": 0,
      "success": true,
      "mobile": false,
      "input": [],
      "history": [
        {
          "type": "action",
          "message": "Attempted to pay with card",
          "time": 3
        },
        {
          "type": "success",
          "message": "Successfully paid with card",
          "time": 4
        }
      ]
    },
    "fees": 10283,
    "fees_split": null,
    "authorization": {
      "authorization_code": "AUTH_uh8bcl3zbn",
      "bin": "408408",
      "last4": "4081",
      "exp_month": "12",
      "exp_year": "2030",
      "channel": "card",
      "card_type": "visa ",
      "bank": "TEST BANK",
      "country_code": "NG",
      "brand": "visa",
      "reusable": true,
      "signature": "SIG_yEXu7dLBeqG0kU7g95Ke",
      "account_name": null
    },
    "customer": {
      "id": 181873746,
      "first_name": null,
      "last_name": null,
      "email": "demo@test.com",
      "customer_code": "CUS_1rkzaqsv4rrhqo6",
      "phone": null,
      "metadata": null,
      "risk_action": "default",
      "international_format_phone": null
    },
    "plan": null,
    "split": {},
    "order_id": null,
    "paidAt": "2024-08-22T09:15:02.000Z",
    "createdAt": "2024-08-22T09:14:24.000Z",
    "requested_amount": 30050,
    "pos_transaction_data": null,
    "source": null,
    "fees_breakdown": null,
    "connect": null,
    "transaction_date": "2024-08-22T09:14:24.000Z",
    "plan_object": {},
    "subaccount": {}
  }
};

// GET /transaction/verify/:reference, 400: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/api/transactions/verify/response.json
const invalidKey = {
  "status": false,
  "message": "Invalid key"
};

// POST /refund, 200: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/api/refunds/create/response.json
const refundCreate = {
  "status": true,
  "message": "Refund has been queued for processing",
  "data": {
    "transaction": {
      "id": 1004723697,
      "domain": "live",
      "reference": "T685312322670591",
      "amount": 10000,
      "paid_at": "2021-08-20T18:34:11.000Z",
      "channel": "apple_pay",
      "currency": "NGN",
      "authorization": {
        "exp_month": null,
        "exp_year": null,
        "account_name": null
      },
      "customer": {
        "international_format_phone": null
      },
      "plan": {},
      "subaccount": {
        "currency": null
      },
      "split": {},
      "order_id": null,
      "paidAt": "2021-08-20T18:34:11.000Z",
      "pos_transaction_data": null,
      "source": null,
      "fees_breakdown": null
    },
    "integration": 412829,
    "deducted_amount": 0,
    "channel": null,
    "merchant_note": "Refund for transaction T685312322670591 by test@me.com",
    "customer_note": "Refund for transaction T685312322670591",
    "status": "pending",
    "refunded_by": "test@me.com",
    "expected_at": "2021-12-16T09:21:17.016Z",
    "currency": "NGN",
    "domain": "live",
    "amount": 10000,
    "fully_deducted": false,
    "id": 3018284,
    "createdAt": "2021-12-07T09:21:17.122Z",
    "updatedAt": "2021-12-07T09:21:17.122Z"
  }
};

// GET /refund/:id, 200: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/api/refunds/fetch/response.json
const refundFetch = {
  "status": true,
  "message": "Refund retrieved",
  "data": {
    "integration": 100982,
    "transaction": 1641,
    "dispute": null,
    "settlement": null,
    "domain": "live",
    "amount": 500000,
    "deducted_amount": 500000,
    "fully_deducted": true,
    "currency": "NGN",
    "channel": "migs",
    "status": "processed",
    "refunded_by": "eseyinwale@gmail.com",
    "refunded_at": "2018-01-12T10:54:47.000Z",
    "expected_at": "2017-10-01T21:10:59.000Z",
    "customer_note": "xxx",
    "merchant_note": "xxx",
    "id": 1,
    "createdAt": "2017-09-24T21:10:59.000Z",
    "updatedAt": "2018-01-18T11:59:56.000Z"
  }
};

// GET /refund, 200 (the Refunds guide's sample, with its meta): https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/doc/payments/refunds/list-refunds/index.json
const refundList = {
  "status": true,
  "message": "Refunds retrieved",
  "data": [
    {
      "integration": 428626,
      "transaction": 627178582,
      "dispute": null,
      "settlement": null,
      "id": 747680,
      "domain": "test",
      "currency": "NGN",
      "amount": 10000,
      "status": "processed",
      "refunded_at": null,
      "refunded_by": "jen@smith.com",
      "customer_note": "Refund for transaction qufywna9w9a5d8v",
      "merchant_note": "Refund for transaction qufywna9w9a5d8v by jen@smith.com",
      "deducted_amount": 10000,
      "fully_deducted": true,
      "createdAt": "2020-05-19T11:12:17.000Z"
    },
    {
      "integration": 428626,
      "transaction": 640672957,
      "dispute": null,
      "settlement": null,
      "id": 742609,
      "domain": "test",
      "currency": "NGN",
      "amount": 20000,
      "status": "processed",
      "refunded_at": null,
      "refunded_by": "jen@smith.com",
      "customer_note": "blah blah",
      "merchant_note": "yada yada",
      "deducted_amount": 20000,
      "fully_deducted": true,
      "createdAt": "2020-04-30T10:43:47.000Z"
    }
  ],
  "meta": {
    "total": 2,
    "skipped": 0,
    "perPage": 50,
    "page": 1,
    "pageCount": 1
  }
};

// POST /transferrecipient, 200: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/api/transfer-recipient/create/response.json
const transferRecipientCreate = {
  "status": true,
  "message": "Transfer recipient created successfully",
  "data": {
    "active": true,
    "createdAt": "2021-11-05T11:27:53.131Z",
    "currency": "NGN",
    "domain": "test",
    "id": 20317609,
    "integration": 463433,
    "name": "Tolu Robert",
    "recipient_code": "RCP_m7ljkv8leesep7p",
    "type": "nuban",
    "updatedAt": "2021-11-05T11:27:53.131Z",
    "is_deleted": false,
    "details": {
      "authorization_code": null,
      "account_number": "01000000010",
      "account_name": "Tolu Robert",
      "bank_code": "058",
      "bank_name": "Guaranty Trust Bank"
    }
  }
};

// POST /transfer, 200: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/api/transfers/initiate/response.json
const transferInitiate = {
  "status": true,
  "message": "Transfer has been queued",
  "data": {
    "transfersessionid": [],
    "transfertrials": [],
    "domain": "test",
    "amount": 100000,
    "currency": "NGN",
    "reference": "acv_9ee55786-2323-4760-98e2-6380c9cb3f68",
    "source": "balance",
    "source_details": null,
    "reason": "Bonus for the week",
    "status": "success",
    "failures": null,
    "transfer_code": "TRF_v5tip3zx8nna9o78",
    "titan_code": null,
    "transferred_at": null,
    "id": 860703114,
    "integration": 463433,
    "request": 1068439313,
    "recipient": 56824902,
    "createdAt": "2025-08-04T10:32:40.000Z",
    "updatedAt": "2025-08-04T10:32:40.000Z"
  }
};

// POST /transfer, 400: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/api/transfers/initiate/response.json
const transferInvalidRecipient = {
  "status": false,
  "message": "Recipient specified is invalid",
  "meta": {
    "nextStep": "Provide a valid recipient. Ensure you are passing the recipient code in the recipient param"
  },
  "type": "validation_error",
  "code": "invalid_transfer_recipient"
};

// GET /transfer/verify/:reference, 200: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/api/transfers/verify/response.json
const transferVerify = {
  "status": true,
  "message": "Transfer retrieved",
  "data": {
    "amount": 100000,
    "createdAt": "2025-08-04T09:59:19.000Z",
    "currency": "NGN",
    "domain": "test",
    "failures": null,
    "id": 860670817,
    "integration": 463433,
    "reason": "Bonus for the week",
    "reference": "acv_9ee55786-2323-4760-98e2-6380c9cb3f67",
    "source": "balance",
    "source_details": null,
    "status": "success",
    "titan_code": null,
    "transfer_code": "TRF_8opchtrhtjlfz90n",
    "request": 1068403325,
    "transferred_at": null,
    "updatedAt": "2025-08-04T09:59:19.000Z",
    "recipient": {
      "active": true,
      "createdAt": "2023-07-11T15:42:27.000Z",
      "currency": "NGN",
      "description": "",
      "domain": "test",
      "email": null,
      "id": 56824902,
      "integration": 463433,
      "metadata": null,
      "name": "Jekanmo Padie",
      "recipient_code": "RCP_gd9vgag7n5lr5ix",
      "type": "nuban",
      "updatedAt": "2023-07-11T15:42:27.000Z",
      "is_deleted": false,
      "isDeleted": false,
      "details": {
        "authorization_code": null,
        "account_number": "9876543210",
        "account_name": null,
        "bank_code": "044",
        "bank_name": "Access Bank"
      }
    },
    "session": {
      "provider": null,
      "id": null
    },
    "fee_charged": 1000,
    "fees_breakdown": null,
    "gateway_response": null
  }
};

// GET /transfer/verify/:reference, 404: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/api/transfers/verify/response.json
const transferNotFound = {
  "status": false,
  "message": "Transfer not found"
};

// GET /bank, 200 (the first of its banks, and its meta): https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/api/miscellaneous/bank/response.json
const bankList = {
  "status": true,
  "message": "Banks retrieved",
  "data": [
    {
      "name": "Abbey Mortgage Bank",
      "slug": "abbey-mortgage-bank",
      "code": "801",
      "longcode": "",
      "gateway": null,
      "pay_with_bank": false,
      "active": true,
      "is_deleted": false,
      "country": "Nigeria",
      "currency": "NGN",
      "type": "nuban",
      "id": 174,
      "createdAt": "2020-12-07T16:19:09.000Z",
      "updatedAt": "2020-12-07T16:19:19.000Z"
    }
  ],
  "meta": {
    "next": "YmFuazoxNjk=",
    "previous": null,
    "perPage": 5
  }
};

// GET /bank/resolve, 200: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/api/verification/resolve-account/response.json
const accountResolved = {
  "status": true,
  "message": "Account number resolved",
  "data": {
    "account_number": "0022728151",
    "account_name": "WES GIBBONS"
  }
};

// GET /balance, 200: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/api/transfers-control/balance/response.json
const balance = {
  "status": true,
  "message": "Balances retrieved",
  "data": [
    {
      "currency": "NGN",
      "balance": 1700000
    }
  ]
};

// webhook charge.success: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/doc/payments/webhooks/events/transaction-successful.json
const chargeSuccess = {
  "event": "charge.success",
  "data": {
    "id": 302961,
    "domain": "live",
    "status": "success",
    "reference": "qTPrJoy9Bx",
    "amount": 10000,
    "message": null,
    "gateway_response": "Approved by Financial Institution",
    "paid_at": "2016-09-30T21:10:19.000Z",
    "created_at": "2016-09-30T21:09:56.000Z",
    "channel": "card",
    "currency": "NGN",
    "ip_address": "41.242.49.37",
    "metadata": 0,
    "log": {
      "time_spent": 16,
      "attempts": 1,
      "authentication": "pin",
      "errors": 0,
      "success": false,
      "mobile": false,
      "input": [],
      "channel": null,
      "history": [
        {
          "type": "input",
          "message": "Filled these fields: card number, card expiry, card cvv",
          "time": 15
        },
        {
          "type": "action",
          "message": "Attempted to pay",
          "time": 15
        },
        {
          "type": "auth",
          "message": "Authentication Required: pin",
          "time": 16
        }
      ]
    },
    "fees": null,
    "customer": {
      "id": 68324,
      "first_name": "BoJack",
      "last_name": "Horseman",
      "email": "bojack@horseman.com",
      "customer_code": "CUS_qo38as2hpsgk2r0",
      "phone": null,
      "metadata": null,
      "risk_action": "default"
    },
    "authorization": {
      "authorization_code": "AUTH_f5rnfq9p",
      "bin": "539999",
      "last4": "8877",
      "exp_month": "08",
      "exp_year": "2020",
      "card_type": "mastercard DEBIT",
      "bank": "Guaranty Trust Bank",
      "country_code": "NG",
      "brand": "mastercard",
      "account_name": "BoJack Horseman"
    },
    "plan": {}
  }
};

// webhook transfer.success: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/doc/payments/webhooks/events/transfer-successful.json
const transferSuccess = {
  "event": "transfer.success",
  "data": {
    "amount": 100000,
    "createdAt": "2025-08-04T10:32:40.000Z",
    "currency": "NGN",
    "domain": "test",
    "failures": null,
    "id": 860703114,
    "integration": {
      "id": 463433,
      "is_live": true,
      "business_name": "Paystack Demo",
      "logo_path": "https://public-files-paystack-prod.s3.eu-west-1.amazonaws.com/integration-logos/hpyxo8n1c7du6gxup7h6.png"
    },
    "reason": "Bonus for the week",
    "reference": "acv_9ee55786-2323-4760-98e2-6380c9cb3f68",
    "source": "balance",
    "source_details": null,
    "status": "success",
    "titan_code": null,
    "transfer_code": "TRF_v5tip3zx8nna9o78",
    "transferred_at": null,
    "updatedAt": "2025-08-04T10:32:40.000Z",
    "recipient": {
      "active": true,
      "createdAt": "2023-07-11T15:42:27.000Z",
      "currency": "NGN",
      "description": "",
      "domain": "test",
      "email": null,
      "id": 56824902,
      "integration": 463433,
      "metadata": null,
      "name": "Jekanmo Padie",
      "recipient_code": "RCP_gd9vgag7n5lr5ix",
      "type": "nuban",
      "updatedAt": "2023-07-11T15:42:27.000Z",
      "is_deleted": false,
      "details": {
        "authorization_code": null,
        "account_number": "9876543210",
        "account_name": null,
        "bank_code": "044",
        "bank_name": "Access Bank"
      }
    },
    "session": {
      "provider": null,
      "id": null
    },
    "fee_charged": 0,
    "gateway_response": null
  }
};

// webhook transfer.failed: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/doc/payments/webhooks/events/transfer-failed.json
const transferFailed = {
  "event": "transfer.failed",
  "data": {
    "amount": 200000,
    "currency": "NGN",
    "domain": "test",
    "failures": null,
    "id": 69123462,
    "integration": {
      "id": 100043,
      "is_live": true,
      "business_name": "Paystack"
    },
    "reason": "Enjoy",
    "reference": "1976435206",
    "source": "balance",
    "source_details": null,
    "status": "failed",
    "titan_code": null,
    "transfer_code": "TRF_chs98y5rykjb47w",
    "transferred_at": null,
    "recipient": {
      "active": true,
      "currency": "NGN",
      "description": null,
      "domain": "test",
      "email": "test@email.com",
      "id": 13584206,
      "integration": 100043,
      "metadata": null,
      "name": "Ted Lasso",
      "recipient_code": "RCP_cjcua8itre45gs",
      "type": "nuban",
      "is_deleted": false,
      "details": {
        "authorization_code": null,
        "account_number": "0123456789",
        "account_name": "Ted Lasso",
        "bank_code": "011",
        "bank_name": "First Bank of Nigeria"
      },
      "created_at": "2021-04-12T15:30:14.000Z",
      "updated_at": "2021-04-12T15:30:14.000Z"
    },
    "session": {
      "provider": "nip",
      "id": "74849400998877667"
    },
    "created_at": "2021-04-12T15:30:15.000Z",
    "updated_at": "2021-04-12T15:41:21.000Z"
  }
};

// webhook transfer.reversed: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/doc/payments/webhooks/events/transfer-reversed.json
const transferReversed = {
  "event": "transfer.reversed",
  "data": {
    "amount": 10000,
    "currency": "NGN",
    "domain": "live",
    "failures": null,
    "id": 20615868,
    "integration": {
      "id": 100073,
      "is_live": true,
      "business_name": "Night's Watch Inc"
    },
    "reason": "test balance ledger elastic changes",
    "reference": "jvrjckwenm",
    "source": "balance",
    "source_details": null,
    "status": "reversed",
    "titan_code": null,
    "transfer_code": "TRF_js075pj9u07f34l",
    "transferred_at": "2020-03-24T07:14:00.000Z",
    "recipient": {
      "active": true,
      "currency": "NGN",
      "description": null,
      "domain": "live",
      "email": "jon@sn.ow",
      "id": 1476759,
      "integration": 100073,
      "metadata": null,
      "name": "JON SNOW",
      "recipient_code": "RCP_hmcj8ciho490bvi",
      "type": "nuban",
      "is_deleted": false,
      "details": {
        "authorization_code": null,
        "account_number": "0000000000",
        "account_name": null,
        "bank_code": "011",
        "bank_name": "First Bank of Nigeria"
      },
      "created_at": "2019-04-10T08:39:10.000Z",
      "updated_at": "2019-11-27T20:43:57.000Z"
    },
    "session": {
      "provider": "nip",
      "id": "110006200324071331002061586801"
    },
    "created_at": "2020-03-24T07:13:31.000Z",
    "updated_at": "2020-03-24T07:14:55.000Z"
  }
};

// webhook refund.pending: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/doc/payments/refunds/events/refund-pending.json
const refundPending = {
  "event": "refund.pending",
  "data": {
    "status": "pending",
    "transaction_reference": "tvunjbbd_412829_4b18075d_c7had",
    "refund_reference": null,
    "amount": "10000",
    "currency": "NGN",
    "processor": "instant-transfer",
    "customer": {
      "first_name": "Drew",
      "last_name": "Berry",
      "email": "demo@email.com"
    },
    "integration": 412829,
    "domain": "live"
  }
};

// webhook refund.processing: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/doc/payments/refunds/events/refund-processing.json
const refundProcessing = {
  "event": "refund.processing",
  "data": {
    "status": "processing",
    "transaction_reference": "tvunjbbd_412829_4b18075d_c7had",
    "refund_reference": null,
    "amount": "10000",
    "currency": "NGN",
    "processor": "instant-transfer",
    "customer": {
      "first_name": "Drew",
      "last_name": "Berry",
      "email": "demo@email.com"
    },
    "integration": 412829,
    "domain": "live"
  }
};

// webhook refund.processed: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/doc/payments/refunds/events/refund-processed.json
const refundProcessed = {
  "event": "refund.processed",
  "data": {
    "status": "processed",
    "transaction_reference": "T2154954_412829_3be32076_6lcg3",
    "refund_reference": "132013318360",
    "amount": "5000",
    "currency": "NGN",
    "processor": "mpgs_zen",
    "customer": {
      "first_name": "Damilola",
      "last_name": "Kwabena",
      "email": "damilola@email.com"
    },
    "integration": 412829,
    "domain": "live"
  }
};

// webhook refund.failed: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/doc/payments/refunds/events/refund-failed.json
const refundFailed = {
  "event": "refund.failed",
  "data": {
    "status": "failed",
    "transaction_reference": "T9171231_412325_3be2736c_n6tml",
    "refund_reference": "TRF_9vgfawjnoz58uxy",
    "amount": 20000,
    "currency": "NGN",
    "processor": "instant-transfer",
    "customer": {
      "first_name": "Tobi",
      "last_name": "Digz",
      "email": "tobi@mail.com"
    },
    "integration": 412325,
    "domain": "live"
  }
};

// webhook refund.needs-attention: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/doc/payments/refunds/events/refund-needs-attention.json
const refundNeedsAttention = {
  "event": "refund.needs-attention",
  "data": {
    "status": "needs-attention",
    "transaction_reference": "88bfa94509eb96aa9785641c26cc57cc",
    "refund_reference": "TRF_7jn17u9vkqm91efk",
    "amount": 5306,
    "currency": "NGN",
    "customer": {
      "first_name": null,
      "last_name": null,
      "email": "customer@email.com"
    },
    "integration": 123456,
    "domain": "live",
    "id": "123456",
    "customer_note": "Refund for transaction 88bfa94509eb96aa9785641c26cc57cc",
    "merchant_note": "Refund for transaction 88bfa94509eb96aa9785641c26cc57cc by paystack@email.com"
  }
};

// webhook customeridentification.success: https://github.com/PaystackOSS/doc-code-snippets/blob/94af513d752dfc9f85dd0718301e7257091eb7f2/src/doc/payments/webhooks/events/customer-id-success.json
const customerIdentificationSuccess = {
  "event": "customeridentification.success",
  "data": {
    "customer_id": "9387490384",
    "customer_code": "CUS_xnxdt6s1zg1f4nx",
    "email": "bojack@horsinaround.com",
    "identification": {
      "country": "NG",
      "type": "bvn",
      "value": "200*****677"
    }
  }
};

const samples = {
  customerIdentificationSuccess,
  transactionInitialize,
  transactionVerify,
  invalidKey,
  refundCreate,
  refundFetch,
  refundList,
  transferRecipientCreate,
  transferInitiate,
  transferInvalidRecipient,
  transferVerify,
  transferNotFound,
  bankList,
  accountResolved,
  balance,
  chargeSuccess,
  transferSuccess,
  transferFailed,
  transferReversed,
  refundPending,
  refundProcessing,
  refundProcessed,
  refundFailed,
  refundNeedsAttention,
};

export type PaystackSampleName = keyof typeof samples;

/** A fresh copy of one of Paystack's published samples. */
export function paystackSample<K extends PaystackSampleName>(name: K): (typeof samples)[K] {
  return structuredClone(samples[name]);
}
