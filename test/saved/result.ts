// The made-up `vllm bench serve --save-result` object the saved-result tests share: numbers consistent with each
// other (1000 requests over 64 s), not a measurement.
export const RESULT = {
  model_id: 'demo/Demo-8B',
  backend: 'vllm',
  num_prompts: 1000,
  max_concurrency: 64,
  duration: 64.0,
  completed: 1000,
  total_input_tokens: 200000,
  total_output_tokens: 180000,
  request_throughput: 15.625,
  output_throughput: 2812.5,
  total_token_throughput: 5937.5,
  mean_ttft_ms: 120.5,
  mean_tpot_ms: 20.125,
  mean_itl_ms: 20.0,
};
