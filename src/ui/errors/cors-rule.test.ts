import { describe, expect, it } from 'vitest';
import { corsCommand, corsOrigins, corsRuleJson, corsRuleXml } from './cors-rule.ts';

describe('CORS rule', () => {
  it('lists both loopback spellings, and only the origin elsewhere', () => {
    expect(corsOrigins('http://127.0.0.1:4173')).toEqual(['http://127.0.0.1:4173', 'http://localhost:4173']);
    expect(corsOrigins('http://localhost:5173/')).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
    expect(corsOrigins('https://lakescope.example.com')).toEqual(['https://lakescope.example.com']);
  });

  it('JSON form has every required field', () => {
    const rule = JSON.parse(corsRuleJson(['http://127.0.0.1:4173'])).CORSRules[0];
    expect(rule).toEqual({
      AllowedOrigins: ['http://127.0.0.1:4173'],
      AllowedMethods: ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'],
      AllowedHeaders: ['*'],
      ExposeHeaders: ['ETag', 'Content-Range', 'Content-Length', 'x-amz-version-id'],
      MaxAgeSeconds: 3600,
    });
  });

  it('XML form carries the same rule', () => {
    const xml = corsRuleXml(['http://a:1', 'http://b:1']);
    expect(xml.match(/<AllowedOrigin>/g)).toHaveLength(2);
    expect(xml).toContain('<AllowedMethod>DELETE</AllowedMethod>');
    expect(xml).toContain('<ExposeHeader>Content-Range</ExposeHeader>');
    expect(xml).toContain('<AllowedHeader>*</AllowedHeader>');
    expect(xml).toMatch(/^<CORSConfiguration[^>]*>\n {2}<CORSRule>[\s\S]*<\/CORSRule>\n<\/CORSConfiguration>$/);
  });

  it('the CLI command names the endpoint for non-AWS stores', () => {
    expect(corsCommand('b', 'http://127.0.0.1:7480')).toBe('aws s3api put-bucket-cors --bucket b --cors-configuration file://cors.json --endpoint-url http://127.0.0.1:7480');
    expect(corsCommand('b', 'https://s3.eu-west-1.amazonaws.com')).not.toContain('--endpoint-url');
  });
});
